import { type SxProps, TextField, type Theme } from '@mui/material';

/** The 'Buscar por nome' field above a list of listings; each screen decides how it matches. */
export function NameSearch({
  value,
  onChange,
  sx,
}: {
  value: string;
  onChange: (value: string) => void;
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      size="small"
      type="search"
      label="Buscar por nome"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={[{ minWidth: 280 }, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}
