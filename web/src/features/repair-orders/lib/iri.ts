/** The numeric id at the end of an IRI such as `/api/customers/12` (or a bare id); null otherwise. */
export function idOfIri(iri: string | number | null | undefined): number | null {
  if (typeof iri === 'number') return Number.isSafeInteger(iri) && iri > 0 ? iri : null;
  const m = /(?:^|\/)(\d+)$/.exec(iri ?? '');
  return m ? Number(m[1]) : null;
}
