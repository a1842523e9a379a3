/**
 * Mantine's complete styles, notifications' included, in Mantine's CSS layer: loaded with every lazy screen
 * (`withAllStyles`), so a screen or dialog styles itself whatever components it uses. The charts' styles
 * come with the charts (the dashboard's chart card and the keys' sparkline).
 */
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
