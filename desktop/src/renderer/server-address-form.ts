/**
 * The first-run screen (and Server Address… in the menu): the admin enters the server once; main
 * checks it answers /api/health, stores it and reloads the window into the back office.
 */
import type { DesktopBridge } from '@sourcing/shared';

export const SERVER_FORM_TEXT = {
  title: 'Connect to your sourcing server',
  intro: 'Enter the address of the server your team uses, as you would type it in a browser.',
  label: 'Server address',
  placeholder: 'https://sourcing.example.com',
  submit: 'Connect',
  checking: 'Checking…',
  cancel: 'Cancel',
} as const;

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  children: (Node | string)[] = [],
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

export function renderServerAddressForm(
  container: HTMLElement,
  bridge: Pick<DesktopBridge, 'setServerUrl'>,
  current: string | null,
): void {
  const input = element('input', {
    id: 'server-address',
    name: 'serverAddress',
    type: 'url',
    required: true,
    spellcheck: false,
    placeholder: SERVER_FORM_TEXT.placeholder,
    value: current ?? '',
  });
  const error = element('p', { id: 'server-address-error', className: 'server-form__error', role: 'alert' });
  input.setAttribute('aria-describedby', error.id);
  const submit = element('button', { type: 'submit', className: 'server-form__submit', textContent: SERVER_FORM_TEXT.submit });
  const actions = element('div', { className: 'server-form__actions' }, [submit]);
  if (current) {
    // Settings opened from the menu: going back keeps the current server.
    const cancel = element('button', { type: 'button', className: 'server-form__cancel', textContent: SERVER_FORM_TEXT.cancel });
    cancel.addEventListener('click', () => window.location.assign(window.location.pathname));
    actions.prepend(cancel);
  }
  const form = element('form', { className: 'server-form', noValidate: true }, [
    element('h1', { textContent: SERVER_FORM_TEXT.title }),
    element('p', { textContent: SERVER_FORM_TEXT.intro }),
    element('label', { htmlFor: input.id, textContent: SERVER_FORM_TEXT.label }),
    input,
    error,
    actions,
  ]);

  form.addEventListener('submit', (event) => void connect(event));

  async function connect(event: SubmitEvent) {
    event.preventDefault();
    submit.disabled = true;
    submit.textContent = SERVER_FORM_TEXT.checking;
    error.textContent = '';
    input.removeAttribute('aria-invalid');
    const result = await bridge.setServerUrl(input.value);
    // On success main reloads the window into the back office.
    if (result.ok) return;
    error.textContent = result.error;
    input.setAttribute('aria-invalid', 'true');
    submit.disabled = false;
    submit.textContent = SERVER_FORM_TEXT.submit;
    input.focus();
  }

  container.replaceChildren(element('main', { className: 'server-screen' }, [form]));
  input.focus();
}
