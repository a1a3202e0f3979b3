import { defaultTheme } from 'react-admin';

export const theme = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#0e7490' },
    secondary: { main: '#f59e0b' },
  },
};
