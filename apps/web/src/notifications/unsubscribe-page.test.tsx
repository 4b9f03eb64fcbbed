import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_MESSAGES } from '@agentroom/shared';
import { fail, ok, stubApi } from '../test/api-stub';
import { renderPage } from '../test/render';
import { UnsubscribePage } from './unsubscribe-page';

const TOKEN = 'AaIFqumUcL6oVV1WxXGGrwBv3uudK4aLfjPNoDPoQTYkETcKGMN3ihijNth9lzGr';
const open = (path = `/notifications/unsubscribe?token=${TOKEN}`) =>
  renderPage(<UnsubscribePage />, { path, route: '/notifications/unsubscribe', strict: true });

describe('/notifications/unsubscribe', () => {
  it('turns the emails off on opening, signed out, once, and offers a way into the app', async () => {
    const api = stubApi({ 'POST /notifications/unsubscribe': ok({ unsubscribed: true }) });
    open();
    expect(await screen.findByRole('heading', { name: 'You are unsubscribed' })).toBeInTheDocument();
    expect(screen.getByText(/You will get no more emails about unread messages/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Agentroom' })).toHaveAttribute('href', '/');
    expect(api.callsTo('POST /notifications/unsubscribe').map((c) => c.body)).toEqual([{ token: TOKEN }]);
    expect(api.callsTo('POST /notifications/unsubscribe')[0]?.authorization).toBeNull();
  });

  it('says the link is invalid when the server refuses it, or when it has no token', async () => {
    stubApi({ 'POST /notifications/unsubscribe': fail(400, NOTIFICATION_MESSAGES.invalidUnsubscribeLink, 'TOKEN_INVALID') });
    const first = open();
    expect(await screen.findByRole('heading', { name: 'Could not unsubscribe' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(NOTIFICATION_MESSAGES.invalidUnsubscribeLink);
    expect(screen.getByRole('link', { name: 'Go to Agentroom' })).toBeInTheDocument();
    first.unmount();

    const api = stubApi({});
    open('/notifications/unsubscribe');
    expect(await screen.findByRole('alert')).toHaveTextContent(NOTIFICATION_MESSAGES.invalidUnsubscribeLink);
    expect(api.calls).toEqual([]);
  });

  it('offers to try again when the server could not be reached', async () => {
    const api = stubApi({ 'POST /notifications/unsubscribe': [{ networkError: true }, ok({ unsubscribed: true })] });
    open();
    const user = userEvent.setup();
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'You are unsubscribed' })).toBeInTheDocument();
    expect(api.callsTo('POST /notifications/unsubscribe')).toHaveLength(2);
  });
});
