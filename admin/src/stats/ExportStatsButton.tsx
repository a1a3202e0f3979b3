// 'Exportar CSV' of the counts, with progress while it reads and a Portuguese message if it fails.
// The exporter (and jsonexport) is loaded on the click: the screens that show it do not carry it.
import { Button } from '@mui/material';
import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import { useTitledNotify } from '../notifications/useTitledNotify.tsx';

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
  const notify = useTitledNotify();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const { exportDailyStats } = await import('./statsExporter.ts');
      const lines = await exportDailyStats(dataProvider, { days, listingId, filename });
      if (lines === 0) notify('Nenhuma contagem para exportar neste período.', undefined, 'info');
    } catch {
      notify('Não foi possível exportar as contagens.', 'Tente novamente.', 'error');
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
