import { describe, expect, it } from 'vitest';
import type { TCompanyService } from '@cd/contracts/company-service';
import { applyServiceEvent, changedServiceFields, parseServiceForm, sortServices, toServiceFormValues } from './service-form';

const svc = (over: Partial<TCompanyService> = {}): TCompanyService => ({
  '@id': '/api/company_services/1',
  '@type': 'CompanyService',
  id: 1,
  company: '/api/companies/1',
  title: 'Oil change',
  description: '',
  duration: 30,
  price: 4999,
  createdAt: '',
  updatedAt: '',
  ...over,
});

describe('service form', () => {
  it('prefills dollars from cents', () => {
    expect(toServiceFormValues(svc({ price: 123450 }))).toEqual({ title: 'Oil change', description: '', duration: '30', price: '1234.50' });
    expect(toServiceFormValues(null)).toEqual({ title: '', description: '', duration: '', price: '' });
  });

  it('turns valid input into cents and trims text', () => {
    const r = parseServiceForm({ title: ' Brakes ', description: ' Pads ', duration: '45', price: '$1,234.5' });
    expect(r.errors).toEqual({});
    expect(r.body).toEqual({ title: 'Brakes', description: 'Pads', duration: 45, price: 123450 });
    expect(parseServiceForm({ title: 'Free', description: '', duration: '5', price: '0' }).body?.price).toBe(0);
    expect(parseServiceForm({ title: 'x', description: '', duration: '5', price: '0.29' }).body?.price).toBe(29);
  });

  it('refuses a missing title, a duration that is not above zero and a bad price', () => {
    expect(parseServiceForm({ title: ' ', description: '', duration: '', price: '' }).errors).toEqual({
      title: 'field_required',
      duration: 'field_required',
      price: 'field_required',
    });
    for (const duration of ['0', '-5', '1.5', 'abc']) expect(parseServiceForm({ title: 'x', description: '', duration, price: '1' }).errors.duration).toBe('service_duration_invalid');
    expect(parseServiceForm({ title: 'x', description: '', duration: '99999', price: '1' }).errors.duration).toBe('service_duration_too_long');
    for (const price of ['-1', '1.234', 'ten']) expect(parseServiceForm({ title: 'x', description: '', duration: '5', price }).errors.price).toBe('service_price_invalid');
    expect(parseServiceForm({ title: 'x', description: '', duration: '5', price: '1000000.01' }).errors.price).toBe('service_price_too_high');
    expect(parseServiceForm({ title: 'x'.repeat(201), description: '', duration: '5', price: '1' }).errors.title).toBe('value_too_long');
  });

  it('sends only changed fields', () => {
    expect(changedServiceFields(svc(), { title: 'Oil change', description: '', duration: 30, price: 4999 })).toEqual({});
    expect(changedServiceFields(svc(), { title: 'Oil change', description: 'New', duration: 30, price: 5000 })).toEqual({ description: 'New', price: 5000 });
  });
});

describe('live company_service events', () => {
  const a = svc({ id: 1, title: 'alpha' });
  const c = svc({ id: 3, title: 'Charlie' });
  it('inserts created services in title order, case-insensitively', () => {
    expect(applyServiceEvent([a, c], 'created', svc({ id: 2, title: 'Bravo' })).map((s) => s.id)).toEqual([1, 2, 3]);
    expect(sortServices([c, a]).map((s) => s.id)).toEqual([1, 3]);
  });
  it('replaces updated and drops removed services; unknown updates change nothing', () => {
    expect(applyServiceEvent([a, c], 'updated', { ...a, title: 'Zulu' }).map((s) => s.title)).toEqual(['Charlie', 'Zulu']);
    expect(applyServiceEvent([a, c], 'removed', a)).toEqual([c]);
    expect(applyServiceEvent([a], 'updated', c)).toEqual([a]);
    expect(applyServiceEvent([a, c], 'created', a)).toEqual([a, c]);
  });
});
