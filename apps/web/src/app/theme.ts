import {
  type CSSVariablesResolver,
  createTheme,
  type MantineColorsTuple,
  type MantineThemeComponent,
} from '@mantine/core';
import fieldPlaceholder from './field-placeholder.module.css';
import focusRing from './focus-ring.module.css';

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
  // What `Input.extend` returns, written out: importing Input would put its code into the landing's JS.
  components: {
    Input: {
      classNames: { input: `${focusRing.input} ${fieldPlaceholder.input}` },
    } satisfies MantineThemeComponent,
  },
});

/**
 * Mantine's text tones of these colours (shade 7 for text, filled and outline, shade 9 on the light
 * variant's tint, red 6 for errors) fall under WCAG AA's 4.5:1; these darker ones pass on white, on the
 * colour's light tint and under white text. Hover is a little darker still.
 */
const READABLE_COLORS: Record<string, { base: string; hover: string }> = {
  red: { base: '#c12828', hover: '#aa2323' },
  green: { base: '#267937', hover: '#216a30' },
  teal: { base: '#087756', hover: '#07694c' },
  yellow: { base: '#a65600', hover: '#924c00' },
  orange: { base: '#b63c0d', hover: '#a0350b' },
  lime: { base: '#4a760a', hover: '#416809' },
  cyan: { base: '#0b7285', hover: '#0a6475' },
  blue: { base: '#1864ab', hover: '#155896' },
};

const readableColorVariables = Object.fromEntries(
  Object.entries(READABLE_COLORS).flatMap(([name, { base, hover }]) => [
    [`--mantine-color-${name}-text`, base],
    [`--mantine-color-${name}-filled`, base],
    [`--mantine-color-${name}-filled-hover`, hover],
    [`--mantine-color-${name}-light-color`, base],
    [`--mantine-color-${name}-outline`, base],
  ]),
);

/** Mantine's dimmed grey is 3.3:1 on white; this one passes WCAG AA for body text. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636b',
    '--mantine-color-error': READABLE_COLORS.red!.base,
    ...readableColorVariables,
  },
  dark: {},
});
