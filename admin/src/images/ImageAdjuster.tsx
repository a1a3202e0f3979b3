import {
  DEFAULT_IMAGE_STYLES,
  IMAGE_ADJUSTER,
  type ImageStyles,
  OBJECT_FITS,
  type ObjectFit,
} from '@guia-fortim/domain';
import {
  Box,
  Button,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Slider,
  Stack,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { imageStyleCss, normalizeImageStyles } from './imageStyles.ts';

const FIT_LABELS: Record<ObjectFit, string> = {
  cover: 'Cobrir (cover)',
  contain: 'Conter (contain)',
  fill: 'Preencher (fill)',
  'scale-down': 'Reduzir (scale-down)',
};

/** How the image will look on a public card: the same frame and CSS. */
export function CardPreview({
  imageUrl,
  styles,
  title,
  subtitle,
}: {
  imageUrl: string;
  styles: ImageStyles;
  title?: string;
  subtitle?: ReactNode;
}) {
  return (
    <Box
      data-testid="card-preview"
      sx={{
        width: '100%',
        borderRadius: 2,
        overflow: 'hidden',
        boxShadow: 2,
        bgcolor: 'background.paper',
      }}
    >
      <Box sx={{ height: 200, overflow: 'hidden', bgcolor: 'grey.200' }}>
        <img
          src={imageUrl}
          alt={title ? `Prévia: ${title}` : 'Prévia do cartão'}
          style={{ width: '100%', height: '100%', display: 'block', ...imageStyleCss(styles) }}
        />
      </Box>
      <Box sx={{ p: 1.5 }}>
        <Typography fontWeight="bold">{title || 'Nome do item'}</Typography>
        {subtitle ? (
          <Typography variant="body2" color="text.secondary">
            {subtitle}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}

export function ImageAdjuster({
  imageUrl,
  value,
  onChange,
  title,
  preview,
}: {
  imageUrl: string;
  value: ImageStyles;
  onChange: (styles: ImageStyles) => void;
  title?: string;
  /** Replaces the default card preview (the carousel shows a slide instead). */
  preview?: ReactNode;
}) {
  const set = (patch: Partial<ImageStyles>) =>
    onChange(normalizeImageStyles({ ...value, ...patch }));
  const slider = (
    label: string,
    key: 'positionX' | 'positionY' | 'scale' | 'rotate',
    bounds: { min: number; max: number; step: number },
    unit: string,
  ) => (
    <Box>
      <Typography variant="body2" id={`adjuster-${key}`}>
        {label}: {value[key]}
        {unit}
      </Typography>
      <Slider
        value={value[key]}
        min={bounds.min}
        max={bounds.max}
        step={bounds.step}
        onChange={(_, next) => set({ [key]: Array.isArray(next) ? next[0] : next })}
        slotProps={{ input: { 'aria-label': label } }}
        aria-labelledby={`adjuster-${key}`}
      />
    </Box>
  );
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} data-testid="image-adjuster">
      <Box sx={{ flex: 1, minWidth: 240 }}>
        <Typography variant="subtitle2" gutterBottom>
          Ajustar posição da imagem
        </Typography>
        {slider('Posição horizontal', 'positionX', IMAGE_ADJUSTER.position, '%')}
        {slider('Posição vertical', 'positionY', IMAGE_ADJUSTER.position, '%')}
        {slider('Zoom', 'scale', IMAGE_ADJUSTER.zoom, 'x')}
        {slider('Rotação', 'rotate', IMAGE_ADJUSTER.rotation, '°')}
        <FormControl size="small" fullWidth sx={{ mt: 1 }}>
          <InputLabel id="adjuster-fit">Ajuste</InputLabel>
          <Select
            labelId="adjuster-fit"
            label="Ajuste"
            value={value.objectFit}
            onChange={(event) => set({ objectFit: event.target.value as ObjectFit })}
          >
            {OBJECT_FITS.map((fit) => (
              <MenuItem key={fit} value={fit}>
                {FIT_LABELS[fit]}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <Button size="small" onClick={() => set({ scale: IMAGE_ADJUSTER.zoom.preset })}>
            Zoom {IMAGE_ADJUSTER.zoom.preset}x
          </Button>
          <Button size="small" onClick={() => onChange({ ...DEFAULT_IMAGE_STYLES })}>
            Redefinir
          </Button>
        </Stack>
      </Box>
      {/* The card's width on the site (320 px), narrower on a phone's form. */}
      <Box sx={{ width: { xs: '100%', md: 320 }, maxWidth: 320 }}>
        <Typography variant="subtitle2" gutterBottom>
          Prévia
        </Typography>
        {preview ?? <CardPreview imageUrl={imageUrl} styles={value} title={title} />}
      </Box>
    </Stack>
  );
}
