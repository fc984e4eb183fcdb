/** `/api/customers/12` → 12; a bare number or numeric string is accepted too. */
export function idFromIri(iri: string | number | null | undefined): number | null {
  if (iri === null || iri === undefined) return null;
  if (typeof iri === 'number') return iri;
  const m = /(\d+)\/?$/.exec(iri);
  return m ? Number(m[1]) : null;
}
