import { settingsFromRows } from '@guia-fortim/domain';
import { useMemo } from 'react';
import { useGetList } from 'react-admin';

interface SettingRow {
  id: string;
  setting_key: string;
  setting_value: string | null;
}

/**
 * Every site setting as key → value, read through the data provider (PostgREST); a key without a
 * row (a legal text never edited) has its default, as on the site.
 */
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
      settingsFromRows(
        data.map((row) => ({
          setting_key: row.setting_key,
          setting_value: String(row.setting_value ?? ''),
        })),
      ),
    [data],
  );
  return { settings, isPending };
}
