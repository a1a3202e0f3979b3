import { Chip, Stack, Typography } from '@mui/material';
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
  const [reason, setReason] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    const read = () =>
      dataProvider
        .publishState()
        .then((body) => {
          if (!active) return;
          setState(publishStateOf(body));
          setReason(typeof body?.error === 'string' ? body.error : null);
        })
        .catch(() => active && setState('unknown'));
    read();
    const timer = setInterval(read, POLL_MS);
    return () => {
      active = false;
      clearInterval(timer);
    };
  }, []);
  const { label, color } = LABELS[state];
  const chip = (
    <Chip size="small" color={color} label={label} data-publish-state={state} role="status" />
  );
  if (state !== 'failed' || !reason) return chip;
  // The build's own one-line reason, so an admin can tell a data problem from a broken build.
  return (
    <Stack spacing={0.5}>
      {chip}
      <Typography
        variant="caption"
        color="error"
        data-testid="publish-error"
        sx={{ overflowWrap: 'anywhere' }}
      >
        {reason}
      </Typography>
    </Stack>
  );
}
