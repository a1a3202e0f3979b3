// The site settings, as one panel resource: its screens (each its own chunk: App.tsx imports the
// files lazily, not this index), the inputs they share, the settings' names and their reading.

export { KEEP_TYPED, SettingInput, SubmitButton } from './inputs.tsx';
export { default as MapSettings } from './MapSettings.tsx';
export { CLEARED_KEY_EFFECT, MapsKeyForm } from './MapsKeyForm.tsx';
export { default as Settings } from './Settings.tsx';
export { default as SiteSettings } from './SiteSettings.tsx';
export { SETTING_LABELS, settingLabel } from './settingLabels.ts';
export { useSiteSettings } from './useSiteSettings.ts';
