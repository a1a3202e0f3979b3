// The slide form's inputs, bound to react-admin's form: the photo upload and the image adjuster
// keep their shared screens, the form keeps their values and the schema's errors.
import type { ImageStyles } from '@guia-fortim/domain';
import { Box, Stack, Typography } from '@mui/material';
import { BooleanInput, NumberInput, TextInput, useInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { SLIDE_FIELD_LABELS as LABELS } from '../fieldLabels.ts';
import { ImageAdjuster } from '../images/ImageAdjuster.tsx';
import { ImageUpload } from '../images/ImageUpload.tsx';
import { normalizeImageStyles } from '../images/imageStyles.ts';
import { RECOMMENDED_SIZE } from './CarouselPage.tsx';
import { SlidePreview } from './SlidePreview.tsx';

/** The slide's photo; the schema's message for it shows under it. */
function SlideImageInput() {
  const { field, fieldState } = useInput<string>({ source: 'image_url', defaultValue: '' });
  return (
    <Box>
      <ImageUpload
        label={`${LABELS.image_url} *`}
        hint={`Recomendado: pelo menos ${RECOMMENDED_SIZE} pixels.`}
        folder="carousel"
        value={field.value ? [field.value] : []}
        onChange={(urls) => field.onChange(urls[0] ?? '')}
        max={1}
      />
      {fieldState.error?.message ? (
        <Typography color="error" variant="caption">
          {fieldState.error.message}
        </Typography>
      ) : null}
    </Box>
  );
}

/** The photo's framing, once there is a photo; the preview above the form shows the slide. */
function SlideImageStylesInput() {
  const { field } = useInput<ImageStyles>({ source: 'image_styles' });
  const imageUrl = useWatch({ name: 'image_url' }) as string;
  if (!imageUrl) return null;
  return (
    <ImageAdjuster
      imageUrl={imageUrl}
      value={normalizeImageStyles(field.value)}
      onChange={field.onChange}
      preview={<Typography variant="body2">A prévia acima mostra o slide.</Typography>}
    />
  );
}

/** The slide as the form has it now. */
export function SlideFormPreview() {
  const [title, subtitle, image_url, image_styles] = useWatch({
    name: ['title', 'subtitle', 'image_url', 'image_styles'],
  }) as [string, string, string, unknown];
  return (
    <SlidePreview
      slide={{ title, subtitle, image_url, image_styles: normalizeImageStyles(image_styles) }}
    />
  );
}

export function SlideInputs() {
  const text = (source: 'title' | 'subtitle' | 'link') => (
    <TextInput source={source} label={`${LABELS[source]} *`} helperText={false} />
  );
  return (
    <Stack spacing={2}>
      <SlideImageInput />
      <SlideImageStylesInput />
      {text('title')}
      {text('subtitle')}
      {text('link')}
      <NumberInput
        source="order_position"
        label={LABELS.order_position}
        helperText={false}
        min={1}
        step={1}
      />
      <BooleanInput source="is_active" label={LABELS.is_active} helperText={false} />
    </Stack>
  );
}
