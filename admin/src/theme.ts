import { defaultTheme } from 'react-admin';

export const theme = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#0e7490' },
    secondary: { main: '#f59e0b' },
  },
  components: {
    ...defaultTheme.components,
    MuiCssBaseline: {
      // Names and texts come from admins: a word longer than the screen (a URL, a run without
      // spaces) wraps instead of pushing a row's buttons under its text on a phone.
      styleOverrides: { body: { overflowWrap: 'anywhere' } },
    },
    // A button's label is the panel's own words: it wraps between them, never inside one.
    MuiButton: { styleOverrides: { root: { overflowWrap: 'normal' } } },
  },
};
