// The listing form's own inputs, bound to react-admin's form with useInput: the chip lists, the
// photo uploads and the image adjuster keep their screens, the form keeps their values and errors.
import type { ImageStyles } from '@guia-fortim/domain';
import { Box, Typography } from '@mui/material';
import { useInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { ImageAdjuster } from '../images/ImageAdjuster.tsx';
import { ImageUpload } from '../images/ImageUpload.tsx';
import { ChipListField } from './ChipListField.tsx';

/** The message the form's resolver gave this field, under it. */
function FieldError({ message }: { message?: string }) {
  return message ? (
    <Typography color="error" variant="caption">
      {message}
    </Typography>
  ) : null;
}

export function ChipListInput({
  source,
  label,
  required,
  options,
}: {
  source: string;
  label: string;
  required?: boolean;
  options?: string[];
}) {
  const { field, fieldState } = useInput<string[]>({ source, defaultValue: [] });
  return (
    <ChipListField
      label={label}
      required={required}
      values={field.value ?? []}
      onChange={field.onChange}
      options={options}
      error={fieldState.error?.message}
    />
  );
}

/** One photo (`single`: the field holds its URL) or a list of them. */
export function ImageUploadInput({
  source,
  label,
  folder,
  max,
}: {
  source: string;
  label: string;
  folder: string;
  max: number;
}) {
  const single = max === 1;
  const { field, fieldState } = useInput<string | string[]>({
    source,
    defaultValue: single ? '' : [],
  });
  const urls = single
    ? field.value
      ? [field.value as string]
      : []
    : ((field.value as string[]) ?? []);
  return (
    <Box>
      <ImageUpload
        label={label}
        folder={folder}
        value={urls}
        onChange={(next) => field.onChange(single ? (next[0] ?? '') : next)}
        max={max}
      />
      <FieldError message={fieldState.error?.message} />
    </Box>
  );
}

/** The main photo's framing on the public card; shown once there is a main photo. */
export function ImageStylesInput({ source, imageSource }: { source: string; imageSource: string }) {
  const { field } = useInput<ImageStyles>({ source });
  const [imageUrl, name] = useWatch({ name: [imageSource, 'name'] }) as [string, string];
  if (!imageUrl) return null;
  return (
    <ImageAdjuster imageUrl={imageUrl} value={field.value} onChange={field.onChange} title={name} />
  );
}
