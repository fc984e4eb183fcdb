import { describe, expect, it } from 'vitest';
import { createDmsAdapter } from './dms';
import { DmsError } from './dms-error';
import { redactDmsText } from './dms-redact';
import { decodeXmlText, parseXml, xmlList } from './dms-xml';
import { centsToDecimal, localTimeToInstant, moneyToCents, splitPersonName } from './dms-values';
import { createCdkTokenProvider } from './cdk/cdk-token';

describe('DMS value helpers', () => {
  it('turns vendor money into integer cents without float drift', () => {
    expect(['0', '5', '89.95', '0.1', '0.29', '1,234.5', '$12.345', '-3.10', '', 'abc', null].map((v) => moneyToCents(v))).toEqual([
      0,
      500,
      8995,
      10,
      29,
      123450,
      1235,
      -310,
      null,
      null,
      null,
    ]);
    expect(centsToDecimal(12050)).toBe('120.50');
    expect(centsToDecimal(-5)).toBe('-0.05');
  });

  it('reads dealership wall times in their zone, across DST', () => {
    expect(localTimeToInstant({ year: 2024, month: 3, day: 10, hour: 3, minute: 30, timeZone: 'America/New_York' })).toEqual(new Date('2024-03-10T07:30:00Z'));
    expect(localTimeToInstant({ year: 2024, month: 1, day: 10, hour: 9, minute: 5, timeZone: 'America/New_York' })).toEqual(new Date('2024-01-10T14:05:00Z'));
    expect(localTimeToInstant({ year: 2024, month: 2, day: 30, timeZone: 'UTC' })).toBeNull();
  });

  it('splits DMS names', () => {
    expect(splitPersonName('DOE, JOHN')).toEqual({ firstName: 'JOHN', lastName: 'DOE' });
    expect(splitPersonName('Mary Ann Smith')).toEqual({ firstName: 'Mary Ann', lastName: 'Smith' });
    expect(splitPersonName('ACME')).toEqual({ firstName: null, lastName: 'ACME' });
  });
});

describe('DMS XML parsing', () => {
  it('keeps strings as strings, lists of one as lists, empty elements empty, and decodes only safe references', () => {
    const doc = parseXml('<a><Zip>00501</Zip><Item>1</Item><Empty /><T x="&amp;">&lt;b&gt; &#65;&#x42; &nbsp;</T></a>');
    expect(xmlList(doc.a, 'Item')).toEqual([{ '#text': '1' }]);
    expect(doc.a).toMatchObject({ Zip: '00501', Empty: '', T: { '#text': '<b> AB &nbsp;', '@_x': '&' } });
    expect(decodeXmlText('&#0; &#x110000; &amp;amp;')).toBe('&#0; &#x110000; &amp;');
  });
});

describe('DMS redaction', () => {
  it('removes secrets by shape and by value', () => {
    const text =
      '<wsse:Password Type="t">p&amp;w</wsse:Password> {"access_token":"abc\\"def","client_secret":"s"} grant_type=x&client_secret=zz&scope=y echo: hunter22';
    expect(redactDmsText({ text, secrets: ['hunter22', 'abc'] })).toBe(
      '<wsse:Password Type="t">[redacted]</wsse:Password> {"access_token":"[redacted]","client_secret":"[redacted]"} grant_type=x&client_secret=[redacted]&scope=y echo: [redacted]',
    );
  });
});

describe('createDmsAdapter', () => {
  const tokens = createCdkTokenProvider({ apiKey: 'k', apiSecret: 's' });
  const config = { dealertrack: { username: 'u', password: 'p' }, cdk: { tokens } };

  it('picks the vendor from the company settings, null when off', () => {
    expect(createDmsAdapter({ settings: null, config })).toBeNull();
    expect(createDmsAdapter({ settings: { dmsType: 'vendor_a', enabled: false }, config })).toBeNull();
    expect(createDmsAdapter({ settings: { dmsType: 'vendor_a', enabled: true, dtCompanyNumber: 'ZE7', dtEnterpriseCode: 'ZE' }, config })?.vendor).toBe(
      'dealertrack',
    );
    expect(createDmsAdapter({ settings: { dmsType: 'vendor_b', enabled: true, cdkSubscriptionId: 'sub' }, config })?.vendor).toBe('cdk');
  });

  it('refuses incomplete settings with an auth error', () => {
    expect(() => createDmsAdapter({ settings: { dmsType: 'vendor_a', enabled: true }, config })).toThrow(DmsError);
    expect(() => createDmsAdapter({ settings: { dmsType: 'vendor_b', enabled: true, cdkSubscriptionId: 'x' }, config: {} })).toThrow(/CDK is not set up/);
  });
});
