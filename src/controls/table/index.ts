export { BackOfficeTable } from './BackOfficeTable';
export type { TableColumn } from './tableColumn';
export { CELL as TABLE_BODY_CELL_CLASS } from './TableGrid';
export { DEFAULT_ROWS_PER_PAGE, defaultSort } from './tableState';
