import { Tab, Tabs } from '@mui/material';

/** The screens' tabs; each screen gives its own order and labels. */
export function KindTabs<T extends string>({
  value,
  onChange,
  tabs,
  label,
}: {
  value: T;
  onChange: (value: T) => void;
  tabs: readonly { value: T; label: string }[];
  label: string;
}) {
  return (
    <Tabs value={value} onChange={(_, next: T) => onChange(next)} aria-label={label} sx={{ mb: 2 }}>
      {tabs.map((tab) => (
        <Tab key={tab.value} value={tab.value} label={tab.label} />
      ))}
    </Tabs>
  );
}
