import {
  activeFilterCount,
  dateParam,
  defaultFilters,
  intParam,
  oneOfParam,
  readListSearch,
  textParam,
  writeListSearch,
  type FilterCodecs,
} from '../src/resource/listState';

interface Filters {
  search: string;
  status: number;
  kind: 'a' | 'b' | '';
  from: string;
  to: string;
}

const CODECS: FilterCodecs<Filters> = {
  search: textParam('search'),
  status: intParam('status'),
  kind: oneOfParam<'a' | 'b' | ''>('kind', ['a', 'b'], ''),
  from: dateParam('from', () => '1970-01-01', 'range'),
  to: dateParam('to', () => '2026-11-30', 'range'),
};

describe('list state in the URL', () => {
  it('reads defaults from an empty address and writes nothing for them', () => {
    const state = readListSearch(CODECS, new URLSearchParams(''));
    expect(state).toEqual({ filters: defaultFilters(CODECS), page: 1, sort: null });
    expect(writeListSearch(CODECS, state.filters, 1).toString()).toBe('');
  });

  it('round-trips filters, page and sort', () => {
    const filters: Filters = { search: 'Hà', status: 4, kind: 'b', from: '2026-01-01', to: '2026-11-30' };
    const search = writeListSearch(CODECS, filters, 3, { column: 'name', direction: 'ASC' });
    expect(search.toString()).toBe('search=H%C3%A0&status=4&kind=b&from=2026-01-01&sort=name&order=ASC&page=3');
    expect(readListSearch(CODECS, search)).toEqual({ filters, page: 3, sort: { column: 'name', direction: 'ASC' } });
  });

  it('falls back to the defaults for bad values, including prototype keys and huge numbers', () => {
    const state = readListSearch(
      CODECS,
      new URLSearchParams('status=0x10&kind=__proto__&from=2026-02-30&to=garbage&page=-2&sort=__proto__;drop'),
    );
    expect(state).toEqual({ filters: defaultFilters(CODECS), page: 1, sort: null });
    expect(readListSearch(CODECS, new URLSearchParams('status=99999999999')).filters.status).toBe(0);
  });

  it('counts the filters that differ from the defaults, a range once', () => {
    expect(activeFilterCount(CODECS, defaultFilters(CODECS))).toBe(0);
    expect(activeFilterCount(CODECS, { ...defaultFilters(CODECS), search: ' x ', from: '2026-01-01', to: '2026-02-01' })).toBe(2);
  });
});
