/*
 * The website chat widget (issue 21, docs/webchat.md): plain TypeScript, no framework, built to /widget/v1.js (an IIFE).
 * Embed: <script src="https://APP/widget/v1.js" data-key="wk_…" async></script>. Everything lives in a shadow root,
 * so the page's styles cannot reach it and its styles cannot leak out.
 */

interface TMsg {
  id: number;
  direction: 'INBOUND' | 'OUTBOUND';
  body: string;
  createdAt: string;
}

const TEXT: Record<string, Record<string, string>> = {
  en: {
    open: 'Chat with us',
    close: 'Close chat',
    send: 'Send',
    placeholder: 'Write a message…',
    phone: 'Continue by text',
    phoneLabel: 'Your mobile number',
    consent: 'I agree to receive text messages about my request.',
    save: 'Text me',
    error: 'Something went wrong. Try again.',
    slow: 'Please wait a moment.',
    texted: 'Thanks! We will continue by text message.',
  },
  bs: {
    open: 'Pišite nam',
    close: 'Zatvori chat',
    send: 'Pošalji',
    placeholder: 'Napišite poruku…',
    phone: 'Nastavite SMS-om',
    phoneLabel: 'Vaš broj mobitela',
    consent: 'Pristajem primati SMS poruke o svom upitu.',
    save: 'Pošaljite mi SMS',
    error: 'Nešto nije u redu. Pokušajte ponovo.',
    slow: 'Sačekajte trenutak.',
    texted: 'Hvala! Nastavljamo putem SMS-a.',
  },
  hr: {
    open: 'Pišite nam',
    close: 'Zatvori chat',
    send: 'Pošalji',
    placeholder: 'Napišite poruku…',
    phone: 'Nastavite SMS-om',
    phoneLabel: 'Vaš broj mobitela',
    consent: 'Pristajem primati SMS poruke o svom upitu.',
    save: 'Pošaljite mi SMS',
    error: 'Nešto nije u redu. Pokušajte ponovno.',
    slow: 'Pričekajte trenutak.',
    texted: 'Hvala! Nastavljamo putem SMS-a.',
  },
  sr: {
    open: 'Pišite nam',
    close: 'Zatvori čet',
    send: 'Pošalji',
    placeholder: 'Napišite poruku…',
    phone: 'Nastavite SMS-om',
    phoneLabel: 'Vaš broj mobilnog',
    consent: 'Slažem se da primam SMS poruke o svom upitu.',
    save: 'Pošaljite mi SMS',
    error: 'Nešto nije u redu. Pokušajte ponovo.',
    slow: 'Sačekajte trenutak.',
    texted: 'Hvala! Nastavljamo putem SMS-a.',
  },
};

const WIDGET_CSS = `
:host{all:initial}
[hidden]{display:none!important}
*{box-sizing:border-box;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;letter-spacing:normal;word-spacing:normal;text-transform:none}
.fab{position:fixed;right:16px;bottom:16px;width:56px;height:56px;border-radius:50%;border:0;background:var(--c);color:#fff;cursor:pointer;box-shadow:0 4px 12px rgba(0,0,0,.3);z-index:2147483646}
.fab:focus-visible,button:focus-visible,textarea:focus-visible,input:focus-visible{outline:3px solid #ffbf47;outline-offset:2px}
.fab svg{width:28px;height:28px;fill:currentColor}
.panel{position:fixed;right:16px;bottom:84px;width:360px;max-width:calc(100vw - 16px);height:520px;max-height:calc(100vh - 100px);background:#fff;color:#1b1b1b;border-radius:12px;box-shadow:0 8px 28px rgba(0,0,0,.3);display:flex;flex-direction:column;overflow:hidden;z-index:2147483647}
@media (max-width:480px){.panel{right:0;bottom:0;width:100vw;max-width:100vw;height:100%;max-height:100%;border-radius:0}}
@media (prefers-color-scheme:dark){.panel{background:#1e1e1e;color:#eee}.m.out{background:#333;color:#eee}textarea,input{background:#2a2a2a;color:#eee;border-color:#555!important}}
.head{background:var(--c);color:#fff;padding:12px 14px;display:flex;align-items:center;justify-content:space-between;font-weight:600}
.head button{background:transparent;border:0;color:#fff;font-size:22px;line-height:1;cursor:pointer;min-width:44px;min-height:44px}
.log{flex:1;overflow-y:auto;padding:12px;display:flex;flex-direction:column;gap:8px}
.m{max-width:80%;padding:8px 12px;border-radius:14px;white-space:pre-wrap;word-wrap:break-word;font-size:15px;line-height:1.35}
.out{align-self:flex-start;background:#f0f0f0;color:#1b1b1b}
.in{align-self:flex-end;background:var(--c);color:#fff}
.note{align-self:center;font-size:13px;opacity:.75;text-align:center}
form{display:flex;gap:8px;padding:10px;border-top:1px solid rgba(127,127,127,.3)}
textarea{flex:1;resize:none;height:44px;border:1px solid #bbb;border-radius:8px;padding:10px;font-size:15px}
input[type=tel]{flex:1;border:1px solid #bbb;border-radius:8px;padding:10px;font-size:15px;min-height:44px}
.send{background:var(--c);color:#fff;border:0;border-radius:8px;padding:0 14px;min-height:44px;cursor:pointer;font-size:15px}
.link{background:none;border:0;color:inherit;text-decoration:underline;cursor:pointer;padding:6px 12px;font-size:14px;min-height:44px}
.pf{flex-direction:column;align-items:stretch}
.pf label{font-size:14px}
.row{display:flex;gap:8px}
.hp{position:absolute;left:-9999px;width:1px;height:1px;overflow:hidden}
`;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

function boot(script: HTMLScriptElement) {
  const key = script.dataset.key ?? '';
  const api = new URL(script.src).origin;
  const lang = (document.documentElement.lang || navigator.language || 'en').slice(0, 2).toLowerCase();
  const t = TEXT[lang] ?? TEXT.en!;
  const store = `cd-webchat:${key}`;
  // The session survives a reload of the page (same tab): its token, and how the company presents it.
  type TLook = { greeting: string; color: string; companyName: string };
  const saved = readSaved(sessionStorage.getItem(store));
  let token = saved?.token ?? null;
  let phoneLeft = false;
  let streaming: AbortController | null = null;
  const seen = new Set<number>();
  let lastOutbound = 0;

  const host = el('div', { 'data-courier-desk-webchat': '' });
  document.body.appendChild(host);
  const root = host.attachShadow({ mode: 'open' });
  root.appendChild(el('style', {}, WIDGET_CSS));
  const fab = el('button', { class: 'fab', type: 'button', 'aria-label': t.open!, 'aria-expanded': 'false' });
  fab.innerHTML = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z"/></svg>';
  const panel = el('div', { class: 'panel', role: 'dialog', 'aria-modal': 'true', 'aria-label': t.open! });
  panel.hidden = true;
  const title = el('span', {}, t.open);
  const closeBtn = el('button', { type: 'button', 'aria-label': t.close! }, '×');
  const head = el('div', { class: 'head' });
  head.append(title, closeBtn);
  const log = el('div', { class: 'log', role: 'log', 'aria-live': 'polite' });
  const form = el('form');
  const input = el('textarea', { 'aria-label': t.placeholder!, placeholder: t.placeholder!, maxlength: '1000' });
  const honeypot = el('input', { class: 'hp', tabindex: '-1', autocomplete: 'off', 'aria-hidden': 'true', name: 'website' });
  const sendBtn = el('button', { class: 'send', type: 'submit' }, t.send);
  form.append(input, honeypot, sendBtn);
  const phoneLink = el('button', { class: 'link', type: 'button' }, t.phone);
  const pform = el('form', { class: 'pf' });
  pform.hidden = true;
  const phoneInput = el('input', { type: 'tel', autocomplete: 'tel', id: 'cdp', inputmode: 'tel' });
  const consent = el('input', { type: 'checkbox', id: 'cdc' });
  const consentLabel = el('label', { for: 'cdc' });
  consentLabel.append(consent, document.createTextNode(' ' + t.consent));
  const prow = el('div', { class: 'row' });
  prow.append(phoneInput, el('button', { class: 'send', type: 'submit' }, t.save));
  pform.append(el('label', { for: 'cdp' }, t.phoneLabel), prow, consentLabel);
  panel.append(head, log, form, phoneLink, pform);
  root.append(fab, panel);

  const note = (text: string) => {
    log.appendChild(el('div', { class: 'm note' }, text));
    log.scrollTop = log.scrollHeight;
  };
  const show = (m: TMsg) => {
    if (seen.has(m.id)) return;
    seen.add(m.id);
    log.appendChild(el('div', { class: `m ${m.direction === 'INBOUND' ? 'in' : 'out'}` }, m.body));
    log.scrollTop = log.scrollHeight;
    if (m.direction === 'OUTBOUND' && m.id > lastOutbound) {
      lastOutbound = m.id;
      void call('/read', 'POST', { upToId: m.id }).catch(() => undefined);
    }
  };
  const call = async (path: string, method: string, body?: unknown) => {
    const res = await fetch(`${api}/api/public/webchat${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (res.status === 401 && path !== '/sessions') {
      sessionStorage.removeItem(store);
      token = null;
    }
    if (!res.ok) throw Object.assign(new Error(String(res.status)), { status: res.status });
    return res.status === 204 ? null : res.json();
  };
  const ended = () => {
    phoneLeft = true;
    form.hidden = true;
    phoneLink.hidden = true;
    pform.hidden = true;
    note(t.texted!);
  };

  const stream = async () => {
    if (!token || streaming || phoneLeft) return;
    const ctrl = new AbortController();
    streaming = ctrl;
    try {
      const res = await fetch(`${api}/api/public/webchat/stream`, { headers: { authorization: `Bearer ${token}` }, signal: ctrl.signal });
      if (!res.ok || !res.body) throw new Error(String(res.status));
      const reader = res.body.getReader();
      const dec = new TextDecoder();
      let buf = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += dec.decode(value, { stream: true });
        let i: number;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const data = block
            .split('\n')
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6))
            .join('\n');
          if (data) show((JSON.parse(data) as { data: TMsg }).data);
        }
      }
    } catch {
      /* reconnect below */
    }
    streaming = null;
    if (!ctrl.signal.aborted && !panel.hidden)
      setTimeout(() => {
        void load().then(stream);
      }, 3000);
  };

  const load = async () => {
    if (!token) return;
    try {
      const list = (await call('/messages', 'GET')) as { messages: TMsg[]; phoneLeft: boolean };
      list.messages.forEach(show);
      if (list.phoneLeft && !phoneLeft) ended();
    } catch {
      /* a stale token: a new session starts on the next message */
    }
  };

  const ensureSession = async () => {
    if (token) return;
    const s = (await call('/sessions', 'POST', { key })) as TLook & { token: string };
    token = s.token;
    sessionStorage.setItem(store, JSON.stringify({ token, greeting: s.greeting, color: s.color, companyName: s.companyName }));
    apply(s);
  };
  const apply = (s: TLook) => {
    host.style.setProperty('--c', s.color);
    title.textContent = s.companyName;
    if (s.greeting && !log.querySelector('.greet')) log.prepend(el('div', { class: 'm out greet' }, s.greeting));
  };

  const open = async () => {
    panel.hidden = false;
    fab.setAttribute('aria-expanded', 'true');
    input.focus();
    try {
      await ensureSession();
      await load();
      void stream();
    } catch {
      note(t.error!);
    }
  };
  const close = () => {
    panel.hidden = true;
    fab.setAttribute('aria-expanded', 'false');
    streaming?.abort();
    streaming = null;
    fab.focus();
  };

  fab.addEventListener('click', () => (panel.hidden ? void open() : close()));
  closeBtn.addEventListener('click', close);
  panel.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') return close();
    if (e.key !== 'Tab') return;
    // Focus stays inside the open panel.
    const items = [...panel.querySelectorAll<HTMLElement>('button, textarea, input:not(.hp)')].filter((x) => !x.closest('[hidden]') && !x.hidden);
    const first = items[0];
    const last = items[items.length - 1];
    const active = root.activeElement;
    if (e.shiftKey && active === first) {
      e.preventDefault();
      last?.focus();
    } else if (!e.shiftKey && active === last) {
      e.preventDefault();
      first?.focus();
    }
  });
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      form.requestSubmit();
    }
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const body = input.value.trim();
    if (!body || phoneLeft) return;
    void (async () => {
      try {
        await ensureSession();
        const r = (await call('/messages', 'POST', { body, website: honeypot.value || undefined })) as { id: number | null };
        input.value = '';
        if (r.id !== null) show({ id: r.id, direction: 'INBOUND', body, createdAt: new Date().toISOString() });
        void stream();
      } catch (err) {
        note((err as { status?: number }).status === 429 ? t.slow! : t.error!);
      }
    })();
  });
  phoneLink.addEventListener('click', () => {
    pform.hidden = !pform.hidden;
    if (!pform.hidden) phoneInput.focus();
  });
  pform.addEventListener('submit', (e) => {
    e.preventDefault();
    void call('/phone', 'POST', { phone: phoneInput.value.trim(), consent: consent.checked })
      .then(() => ended())
      .catch(() => note(t.error!));
  });

  host.style.setProperty('--c', '#1565c0');
  if (saved) {
    apply(saved);
    void load();
  }
}

/** A stored session, or null for nothing, an older bare token or anything unreadable. */
function readSaved(raw: string | null): { token: string; greeting: string; color: string; companyName: string } | null {
  try {
    const v = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    if (!v || typeof v.token !== 'string') return null;
    const text = (x: unknown) => (typeof x === 'string' ? x : '');
    return { token: v.token, greeting: text(v.greeting), color: text(v.color) || '#1565c0', companyName: text(v.companyName) };
  } catch {
    return null;
  }
}

const current = document.currentScript as HTMLScriptElement | null;
const script = current ?? document.querySelector<HTMLScriptElement>('script[data-key][src*="/widget/v1.js"]');
if (script) {
  if (document.body) boot(script);
  else document.addEventListener('DOMContentLoaded', () => boot(script));
}
