import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

// Built around the logo's green (#0b7a5b, shade 7) so filled buttons keep white text above 4.5:1.
const brand: MantineColorsTuple = [
  '#e7f6f1',
  '#cfeee3',
  '#a1dcc8',
  '#6fc9ab',
  '#46b891',
  '#2aa880',
  '#0f8a66',
  '#0b7a5b',
  '#086b4f',
  '#045a42',
];

export const theme = createTheme({
  colors: { brand },
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'md',
  respectReducedMotion: true,
  fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Liberation Sans", system-ui, sans-serif',
  headings: { fontWeight: '700' },
  fontFamilyMonospace: '"JetBrains Mono", "Fira Code", "Liberation Mono", Menlo, Consolas, monospace',
});

/** Mantine's dimmed grey is 3.3:1 on white; this one passes WCAG AA for body text. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636b' },
  dark: {},
});
