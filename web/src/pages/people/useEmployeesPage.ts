import { useState } from 'react';
import { type SearchInput, useEmployeeSearch, useEmployeePages } from '../../api/people';

/**
 * The employee list's data: the account's employees page by page, or, while a search is asked, its results
 * (the same list filtered); `list` is the one shown, for its loading state and "Load more".
 */
export function useEmployeesPage() {
  const [asked, setAsked] = useState<SearchInput | null>(null);
  const employees = useEmployeePages();
  const search = useEmployeeSearch(asked);
  const searching = asked !== null;
  const pages = employees.data?.pages;
  const all = pages?.flatMap((p) => p.data) ?? [];
  const found = search.data?.pages;
  const rows = searching ? (found?.flatMap((p) => p.employees) ?? []) : all;
  const list = searching ? search : employees;
  const total = (searching ? found?.[0].total : pages?.[0].total) ?? rows.length;
  return { setAsked, employees, search, searching, pages, all, found, rows, list, total };
}
