export { BackOfficeTable } from './BackOfficeTable';
export type { TableColumn } from './tableColumn';
export { DEFAULT_ROWS_PER_PAGE, defaultSort } from './tableState';
