// 'Exportar CSV' of the counts, with progress while it reads and a Portuguese message if it fails.
// The exporter (and jsonexport) is loaded on the click: the screens that show it do not carry it.
import { Button } from '@mui/material';
import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import { useToast } from '../toast.tsx';

export function ExportStatsButton({
  days,
  listingId,
  filename,
  disabled = false,
}: {
  days: number;
  listingId?: string;
  filename: string;
  disabled?: boolean;
}) {
  const dataProvider = useDataProvider();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const { exportDailyStats } = await import('./statsExporter.ts');
      const lines = await exportDailyStats(dataProvider, { days, listingId, filename });
      if (lines === 0) toast('Nenhuma contagem para exportar neste período.', undefined, 'info');
    } catch {
      toast('Não foi possível exportar as contagens.', 'Tente novamente.', 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" onClick={() => void run()} disabled={disabled || busy}>
      {busy ? 'Exportando...' : 'Exportar CSV'}
    </Button>
  );
}
