export { DateRangePicker, type DateRangePickerProps } from './DateRangePicker';
export type { DateRange, IsoDate } from './dateRange';
export { MultiSelect, type MultiSelectProps } from './MultiSelect';
export type { SelectItem } from './multiSelectOptions';
export { PersistedCheckbox, type PersistedCheckboxProps } from './PersistedCheckbox';
export { usePersistedFlag } from './usePersistedFlag';
export * from './table';
