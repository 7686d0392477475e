import { describe, expect, it } from 'vitest';
import { foldedFilter } from './folded-filter';

const people = [
  { value: '1', label: 'José Muñoz (E1)' },
  { value: '2', label: 'Jose Smith (E2)' },
  { value: '3', label: 'Łukasz Ørjan (E3)' },
];

describe('foldedFilter', () => {
  it('offers options whatever the letter case and accents on either side', () => {
    const labels = (search: string, limit = 10) =>
      foldedFilter({ options: people, search, limit }).map((o) => ('label' in o ? o.label : 'group'));
    expect(labels('jose')).toEqual(['José Muñoz (E1)', 'Jose Smith (E2)']);
    expect(labels(' MUNOZ ')).toEqual(['José Muñoz (E1)']);
    expect(labels('josé s')).toEqual(['Jose Smith (E2)']);
    expect(labels('lukasz orjan')).toEqual(['Łukasz Ørjan (E3)']);
    expect(labels('e3')).toEqual(['Łukasz Ørjan (E3)']);
    expect(labels('')).toHaveLength(3);
    expect(labels('nobody')).toEqual([]);
    expect(labels('jose', 1)).toEqual(['José Muñoz (E1)']);
  });

  it('keeps groups that hold a match, with their matches only', () => {
    const found = foldedFilter({
      options: [
        { group: 'Dock', items: people.slice(0, 2) },
        { group: 'Café', items: people.slice(2) },
      ],
      search: 'munoz',
      limit: 10,
    });
    expect(found).toEqual([{ group: 'Dock', items: [people[0]] }]);
  });
});
