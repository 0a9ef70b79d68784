import { SearchInput } from 'react-admin';

/** Filters of the depot list: one free-text search (`q`) over the depot's name, number and place. */
export const depotListFilters = [<SearchInput key="q" source="q" alwaysOn />];
