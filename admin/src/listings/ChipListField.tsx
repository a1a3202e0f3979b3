import { Box, Button, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { addUnique } from './formRules.ts';

/** A list of chips where the same value cannot be added twice; free text or a fixed choice. */
export function ChipListField({
  label,
  values,
  onChange,
  options,
  error,
  required,
}: {
  label: string;
  values: string[];
  onChange: (values: string[]) => void;
  options?: string[];
  error?: string;
  required?: boolean;
}) {
  const [draft, setDraft] = useState('');
  const add = () => {
    onChange(addUnique(values, draft));
    setDraft('');
  };
  const available = options?.filter((option) => !values.includes(option));
  return (
    <Box>
      <Typography variant="subtitle2">
        {label}
        {required ? ' *' : ''}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ my: 1 }} flexWrap="wrap" useFlexGap>
        {values.map((value) => (
          <Chip
            key={value}
            label={value}
            onDelete={() => onChange(values.filter((v) => v !== value))}
          />
        ))}
      </Stack>
      {/* The field shrinks and 'Adicionar' wraps under it on a narrow phone. */}
      <Stack direction="row" spacing={1} alignItems="flex-start" flexWrap="wrap" useFlexGap>
        <TextField
          size="small"
          label={`Adicionar ${label.toLowerCase()}`}
          value={draft}
          select={Boolean(available)}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (!available && event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          error={Boolean(error)}
          helperText={error}
          sx={{ flex: '0 1 240px', minWidth: 0 }}
        >
          {available?.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" onClick={add} disabled={draft.trim() === ''}>
          Adicionar
        </Button>
      </Stack>
    </Box>
  );
}
