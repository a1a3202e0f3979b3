import { Chip } from '@mui/material';
import { useEffect, useState } from 'react';
import { dataProvider, type PublishIndicatorState, publishStateOf } from '../dataProvider.ts';

const LABELS: Record<
  PublishIndicatorState,
  { label: string; color: 'success' | 'warning' | 'error' | 'default' }
> = {
  up_to_date: { label: 'Site publicado e atualizado', color: 'success' },
  building: { label: 'Publicando alterações...', color: 'warning' },
  failed: { label: 'Falha ao publicar o site', color: 'error' },
  unknown: { label: 'Estado da publicação indisponível', color: 'default' },
};

const POLL_MS = 10_000;

/** Whether the public site already shows the latest changes (the worker's publish state). */
export function PublishIndicator() {
  const [state, setState] = useState<PublishIndicatorState>('unknown');
  useEffect(() => {
    let active = true;
    const read = () =>
      dataProvider
        .publishState()
        .then((body) => active && setState(publishStateOf(body)))
        .catch(() => active && setState('unknown'));
    read();
    const timer = setInterval(read, POLL_MS);
    return () => {
      active = false;
      clearInterval(timer);
    };
  }, []);
  const { label, color } = LABELS[state];
  return <Chip size="small" color={color} label={label} data-publish-state={state} role="status" />;
}
