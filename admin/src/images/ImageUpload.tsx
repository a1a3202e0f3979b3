import { Box, Button, IconButton, LinearProgress, Stack, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { uploadImage } from '../api.ts';
import { messageOf } from '../errorMessage.ts';
import { useTitledNotify } from '../notifications/useTitledNotify.tsx';
import { downscaleImage, NotAnImageError } from './downscale.ts';
import { checkImageCount, checkImageFile } from './imageChecks.ts';

type Phase = 'idle' | 'optimizing' | 'uploading';

/**
 * Selecting → optimizing → uploading → previewing; each image can be removed. Stores the worker's
 * hero URL; the worker has made the card and thumb variants beside it.
 */
export function ImageUpload({
  label,
  folder,
  value,
  onChange,
  max,
  hint,
}: {
  label: string;
  folder: string;
  value: string[];
  onChange: (urls: string[]) => void;
  max: number;
  hint?: string;
}) {
  const inputId = useId();
  const notify = useTitledNotify();
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState(0);

  const select = async (files: File[]) => {
    if (files.length === 0) return;
    if (max > 1) {
      const tooMany = checkImageCount(value.length, files.length, max);
      if (tooMany) return notify(tooMany.title, tooMany.message, 'error');
    }
    for (const file of files) {
      const problem = checkImageFile(file);
      if (problem) return notify(problem.title, problem.message, 'error');
    }
    const uploaded: string[] = [];
    try {
      for (const [index, file] of files.entries()) {
        setPhase('optimizing');
        const small = await downscaleImage(file);
        setPhase('uploading');
        const result = await uploadImage(small.blob, small.name, folder, (fraction) =>
          setProgress(Math.round(((index + fraction) / files.length) * 100)),
        );
        uploaded.push(result.hero);
      }
      notify('Imagem(ns) otimizada(s)');
    } catch (error) {
      if (error instanceof NotAnImageError)
        notify(error.problem.title, error.problem.message, 'error');
      else
        notify(
          'Não foi possível carregar a(s) imagem(ns). Tente novamente.',
          messageOf(error, 'Erro ao processar imagem'),
          'error',
        );
    } finally {
      setPhase('idle');
      setProgress(0);
    }
    if (uploaded.length > 0) onChange(max === 1 ? uploaded.slice(0, 1) : [...value, ...uploaded]);
  };

  const full = max > 1 && value.length >= max;
  return (
    <Box>
      <Typography variant="subtitle2">{label}</Typography>
      {hint ? (
        <Typography variant="caption" color="text.secondary" display="block">
          {hint}
        </Typography>
      ) : null}
      <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap sx={{ my: 1 }}>
        {value.map((url, index) => (
          <Box key={url} sx={{ position: 'relative', width: 120, height: 90 }}>
            <img
              src={url}
              alt={`${label} ${index + 1}`}
              style={{ width: '100%', height: '100%', objectFit: 'cover', borderRadius: 4 }}
            />
            <IconButton
              size="small"
              aria-label={`Remover imagem ${index + 1}`}
              onClick={() => onChange(value.filter((_, i) => i !== index))}
              sx={{ position: 'absolute', top: 2, right: 2, bgcolor: 'background.paper' }}
            >
              ×
            </IconButton>
          </Box>
        ))}
      </Stack>
      {phase !== 'idle' ? (
        <Box role="status" sx={{ mb: 1 }}>
          <Typography variant="caption">
            {phase === 'optimizing' ? 'Otimizando imagem...' : `Enviando... ${progress}%`}
          </Typography>
          <LinearProgress
            variant={phase === 'uploading' ? 'determinate' : 'indeterminate'}
            value={progress}
            aria-label="Progresso do envio"
          />
        </Box>
      ) : null}
      <Button
        component="label"
        htmlFor={inputId}
        variant="outlined"
        size="small"
        disabled={phase !== 'idle' || full}
      >
        {value.length > 0 && max === 1 ? 'Trocar imagem' : 'Selecionar imagem'}
        <input
          id={inputId}
          type="file"
          accept="image/*"
          multiple={max > 1}
          hidden
          aria-label={label}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = '';
            void select(files);
          }}
        />
      </Button>
    </Box>
  );
}
