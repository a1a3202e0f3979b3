// A chart is an extra over the numbers beside it: if its code cannot load (a dropped connection, a
// new deploy), the screen says so in its place and keeps working.
import { Box, Typography } from '@mui/material';
import { Component, type ReactNode, Suspense } from 'react';
import { Loading } from '../layout/AdminLayout.tsx';

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed) {
      return (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          Não foi possível carregar o gráfico.
        </Typography>
      );
    }
    return this.props.children;
  }
}

/** The chart (a lazy component), with progress in its place while its code loads. */
export function ChartBoundary({ children, height }: { children: ReactNode; height: number }) {
  return (
    <Boundary>
      <Suspense
        fallback={
          <Box sx={{ minHeight: height }}>
            <Loading text="Carregando gráfico..." />
          </Box>
        }
      >
        {children}
      </Suspense>
    </Boundary>
  );
}
