/**
 * Mantine's complete styles, charts' and notifications' included, in Mantine's CSS layer: loaded with every
 * lazy screen (`withAllStyles`), so a screen or dialog styles itself whatever components it uses.
 */
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import '@mantine/charts/styles.layer.css';
