import { useMemo } from 'react';
import { useGetList } from 'react-admin';

interface SettingRow {
  id: string;
  setting_key: string;
  setting_value: string | null;
}

/** Every site setting as key → value, read through the data provider (PostgREST). */
export function useSiteSettings(onError?: () => void) {
  const { data, isPending } = useGetList<SettingRow>(
    'site_settings',
    {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'setting_key', order: 'ASC' },
    },
    { onError },
  );
  const settings = useMemo(
    () =>
      data &&
      Object.fromEntries(data.map((row) => [row.setting_key, String(row.setting_value ?? '')])),
    [data],
  );
  return { settings, isPending };
}
