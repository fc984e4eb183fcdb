import { describe, expect, it } from 'vitest';
import { toApiCallRow, type TOutsideCall } from './recorder';
import { redactCallUrl, redactText } from './redact';

const basic = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
const PAN = '4111111111111111';
const PAN2 = '5555 4444 3333 2226';

/** Every value that must never reach a stored row (secrets, whole auth header values, card numbers). */
function expectClean(call: TOutsideCall, forbidden: string[]) {
  const stored = JSON.stringify(toApiCallRow(call));
  for (const f of forbidden) expect(stored, `"${f}" survived`).not.toContain(f);
  return toApiCallRow(call);
}

describe('the outside-call redactor on every adapter', () => {
  it('Twilio: form body, basic auth, an error echoing the token', () => {
    const token = 'tw1l10authT0ken5ecret';
    const auth = basic('AC123', token);
    const row = expectClean(
      {
        vendor: 'twilio',
        operation: 'messages.create',
        method: 'POST',
        url: 'https://api.twilio.com/2010-04-01/Accounts/AC123/Messages.json',
        status: 401,
        durationMs: 80,
        requestHeaders: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
        requestBody: `To=%2B15550001111&From=%2B15550002222&Body=Card+${PAN}+ok&StatusCallback=https%3A%2F%2Fapp%2Fhook%3Ftoken%3Dabcdefgh`,
        responseBody: JSON.stringify({ code: 20003, message: `Authenticate with ${token}` }),
        secrets: [token],
      },
      [token, auth, auth.slice(6), PAN],
    );
    expect(row.requestHeaders).toMatchObject({ authorization: '[redacted]', 'content-type': 'application/x-www-form-urlencoded' });
    expect(row.requestBody).toContain('To=%2B15550001111');
  });

  it('WhatsApp Graph: bearer header, access_token in the query, token in a JSON answer', () => {
    const token = 'EAAGm0PX4ZCpsBAKZCZC';
    expectClean(
      {
        vendor: 'whatsapp',
        operation: 'messages.send',
        method: 'POST',
        url: `https://graph.facebook.com/v21.0/123/messages?access_token=${token}`,
        status: 200,
        durationMs: 10,
        requestHeaders: { Authorization: `Bearer ${token}` },
        requestBody: JSON.stringify({ messaging_product: 'whatsapp', to: '15550001111', text: { body: 'hi' } }),
        responseBody: JSON.stringify({ messages: [{ id: 'wamid.1' }], debug: { access_token: token } }),
      },
      [token],
    );
  });

  it('Viber: X-Viber-Auth-Token header and an auth_token member', () => {
    const token = '4453b6ac12345678-e02603c5a0f48be0';
    expectClean(
      {
        vendor: 'viber',
        operation: 'send_message',
        method: 'POST',
        url: 'https://chatapi.viber.com/pa/send_message',
        status: 200,
        durationMs: 5,
        requestHeaders: { 'X-Viber-Auth-Token': token, 'content-type': 'application/json' },
        requestBody: JSON.stringify({ auth_token: token, receiver: 'abc', type: 'text', text: 'hello' }),
        responseBody: '{"status":0}',
      },
      [token],
    );
  });

  it('SIM gateway: basic auth with a password', () => {
    const auth = basic('sms', 'gatewayPa55word');
    expectClean(
      {
        vendor: 'sms_gateway',
        operation: 'message.send',
        method: 'POST',
        url: 'http://admin:gatewayPa55word@192.168.1.20:8080/message',
        status: 202,
        durationMs: 5,
        requestHeaders: { authorization: auth },
        requestBody: JSON.stringify({ id: 'm1', textMessage: { text: 'hi' }, phoneNumbers: ['+15550001111'] }),
        secrets: ['gatewayPa55word'],
      },
      ['gatewayPa55word', auth],
    );
  });

  it('Dealertrack SOAP: the WS-Security password', () => {
    const pw = 'Dt$ecretPw9';
    const row = expectClean(
      {
        vendor: 'dealertrack',
        operation: 'GetRepairOrders',
        method: 'POST',
        url: 'https://otqa.arkona.com/OpenTrack/ServiceAPI.asmx',
        status: 500,
        durationMs: 900,
        requestHeaders: { SOAPAction: 'GetRepairOrders', 'content-type': 'text/xml' },
        requestBody: `<soap:Envelope><soap:Header><wsse:Security><wsse:UsernameToken><wsse:Username>u</wsse:Username><wsse:Password Type="x">${pw}</wsse:Password></wsse:UsernameToken></wsse:Security></soap:Header><soap:Body><GetRepairOrders/></soap:Body></soap:Envelope>`,
        responseBody: `<soap:Fault><faultstring>Login failed for password ${pw}</faultstring></soap:Fault>`,
        secrets: [pw],
      },
      [pw],
    );
    expect(row.requestBody).toContain('<wsse:Username>u</wsse:Username>');
  });

  it('CDK token request: client credentials in basic auth and in the body, tokens in the answer', () => {
    const secret = 'cdkClientSecret77';
    const access = 'eyJhbGciOiJSUzI1NiJ9.cdkaccess';
    expectClean(
      {
        vendor: 'cdk',
        operation: 'token',
        method: 'POST',
        url: 'https://identity.fortellis.io/oauth2/token',
        status: 200,
        durationMs: 50,
        requestHeaders: { authorization: basic('cdkKey', secret), 'content-type': 'application/x-www-form-urlencoded' },
        requestBody: `grant_type=client_credentials&client_id=cdkKey&client_secret=${secret}&scope=anonymous`,
        responseBody: JSON.stringify({ access_token: access, refresh_token: 'r-tok-123456', token_type: 'Bearer', expires_in: 300 }),
        secrets: [secret],
      },
      [secret, access, 'r-tok-123456'],
    );
  });

  it('USAePay: API key and PIN hash header, card number, CVC and PIN in the body', () => {
    const apiKey = '_V87Qtb513Cd3vabM7RC0TbtJWeSo8p7';
    const auth = basic(apiKey, 's2/abcdefghijklmnop/5f0f0e6d9b0c');
    const row = expectClean(
      {
        vendor: 'usaepay',
        operation: 'sale',
        method: 'POST',
        url: 'https://sandbox.usaepay.com/api/v2/transactions',
        status: 200,
        durationMs: 700,
        requestHeaders: { authorization: auth },
        requestBody: JSON.stringify({
          command: 'cc:sale',
          amount: '10.00',
          creditcard: { number: PAN, expiration: '0930', cvc: '123', cardholder: 'A B' },
          pin: '4321',
        }),
        responseBody: JSON.stringify({ key: 'trkey1', result: 'Approved', creditcard: { number: '4111xxxxxxxx1111' }, savedcard: { key: 'sv-key-aaaa-bbbb' } }),
        secrets: [apiKey],
      },
      [apiKey, auth, PAN, '"cvc":"123"', '"pin":"4321"', 'sv-key-aaaa-bbbb'],
    );
    expect(row.responseBody).toContain('4111xxxxxxxx1111');
  });

  it('next-variant: app key and secret, card fields', () => {
    const secret = 'nxtApiSecret2024';
    expectClean(
      {
        vendor: 'next_variant',
        operation: 'payment_requests.create',
        method: 'POST',
        url: 'https://api.next.example/v1/payment_requests',
        status: 422,
        durationMs: 40,
        requestHeaders: { authorization: basic('appKey1', secret), 'x-api-key': 'appKey1' },
        requestBody: JSON.stringify({ app_key: 'appKey1', api_secret: secret, card_number: PAN2, cvv: '999', amount: 12 }),
        responseBody: `error near card_number=${PAN2.replace(/ /g, '')} cvv=999`,
        secrets: [secret],
      },
      [secret, PAN2, PAN2.replace(/ /g, ''), '999', 'appKey1'],
    );
  });

  it('a URL fetch with ?token= and credentials in the address', () => {
    const url = redactCallUrl({ url: 'https://user:pw1234@listing.example/car?id=5&token=abcdef123456&sig=zz&card=4111111111111111' });
    expect(url).toBe('https://[redacted]@listing.example/car?id=5&token=[redacted]&sig=[redacted]&card=•••• 1111');
  });

  it('leaves ordinary text alone and masks card numbers by shape in any text', () => {
    expect(redactText({ text: 'Your car is ready, call 5550001111' })).toBe('Your car is ready, call 5550001111');
    expect(redactText({ text: `paid with ${PAN}` })).toBe('paid with •••• 1111');
  });
});
