import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNT_PAGE_TEXTS, ACCOUNT_TEXTS, AUTH_ERRORS, VALIDATION } from '@agentroom/shared';
import { applyLanguage } from '../i18n';
import { fail, ok, stubApi } from '../test/api-stub';
import { makeUser } from '../test/fixtures';
import { fakeAuth, renderPage } from '../test/render';
import DeleteAccountPage from './delete-account-page';
import EmailPage from './email-page';
import PasswordPage from './password-page';
import ProfilePage from './profile-page';
import SessionsPage from './sessions-page';

const me = makeUser();
const signedIn = () => fakeAuth({ isAuthenticated: true, isEmailVerified: true, user: me, token: 't' });
const profile = (agent = me.agent) => ok({ profile: { id: me.id, username: me.username, email: me.email, profile: me.profile, agent } });

describe('profile page', () => {
  it('starts from the saved names and saves only what the form holds', async () => {
    const saved = { ...me.agent, middleName: 'King', role: 'Designer', fullName: 'Ada King Lovelace' };
    const api = stubApi({ 'GET /users/me': profile(), 'PATCH /users/me': ok({ profile: { id: me.id, username: me.username, email: me.email, profile: me.profile, agent: saved } }) });
    renderPage(<ProfilePage />, { path: '/account/profile', auth: signedIn() });
    const user = userEvent.setup();
    expect(await screen.findByLabelText('First name')).toHaveValue(me.agent.firstName);
    await user.type(screen.getByLabelText(/Middle name/), 'King');
    await user.clear(screen.getByLabelText('Role'));
    await user.type(screen.getByLabelText('Role'), 'Designer');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText(ACCOUNT_PAGE_TEXTS.profileSaved)).toBeInTheDocument();
    expect(api.callsTo('PATCH /users/me')[0]!.body).toEqual({ firstName: me.agent.firstName, middleName: 'King', lastName: me.agent.lastName, role: 'Designer' });
  });

  it('shows a name that is too long on its field, before anything is sent', async () => {
    const api = stubApi({ 'GET /users/me': profile() });
    renderPage(<ProfilePage />, { path: '/account/profile', auth: signedIn() });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Last name'), 'x'.repeat(70));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Must be at most 64 characters')).toBeInTheDocument();
    expect(api.callsTo('PATCH /users/me')).toHaveLength(0);
  });
});

describe('the language setting', () => {
  afterEach(() => applyLanguage('en'));

  it('saves the chosen language on the account and shows the page in it at once; "Browser default" clears it', async () => {
    const auth = signedIn();
    const api = stubApi({ 'GET /users/me': profile(), 'PATCH /users/me': profile() });
    renderPage(<ProfilePage />, { path: '/account/profile', auth });
    const user = userEvent.setup();
    const select = await screen.findByLabelText('Language');
    expect(select).toHaveValue('');
    await user.selectOptions(select, 'Deutsch');
    // No reload: the labels are German as soon as the choice is made, and the account keeps it.
    expect(await screen.findByLabelText('Vorname')).toHaveValue(me.agent.firstName);
    expect(await screen.findByText('Sprache gespeichert.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Profil speichern' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
    expect(api.callsTo('PATCH /users/me').map((call) => call.body)).toEqual([{ locale: 'de' }]);
    // The signed-in user is fetched again, with the locale the server now holds.
    await waitFor(() => expect(auth.refresh).toHaveBeenCalledTimes(1));

    await user.selectOptions(screen.getByLabelText('Sprache'), 'Wie im Browser');
    expect(await screen.findByLabelText('First name')).toBeInTheDocument();
    expect(await screen.findByText('Language saved.')).toBeInTheDocument();
    expect(api.callsTo('PATCH /users/me').map((call) => call.body)).toEqual([{ locale: 'de' }, { locale: null }]);
  });

  it('a refused change puts the previous language back and says why', async () => {
    const api = stubApi({ 'GET /users/me': profile(), 'PATCH /users/me': fail(400, 'Unknown language', 'VALIDATION_ERROR') });
    renderPage(<ProfilePage />, { path: '/account/profile', auth: fakeAuth({ isAuthenticated: true, isEmailVerified: true, user: { ...me, locale: 'en' }, token: 't' }) });
    // Arabic's catalog is loaded already, so the page turns Arabic before the refusal comes back.
    await applyLanguage('ar');
    await applyLanguage('en');
    const user = userEvent.setup();
    const select = await screen.findByLabelText('Language');
    expect(select).toHaveValue('en');
    await user.selectOptions(select, 'العربية');
    expect(await screen.findByText('Unknown language')).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement.dir).toBe('ltr'));
    expect(screen.getByLabelText('Language')).toHaveValue('en');
    expect(screen.getByLabelText('First name')).toBeInTheDocument();
    expect(api.callsTo('PATCH /users/me')).toHaveLength(1);
  });
});

describe('email page', () => {
  it('sends the new address with the password and says the link went there; the current address stays', async () => {
    const api = stubApi({ 'POST /users/me/email': ok({ sent: true }) });
    renderPage(<EmailPage />, { path: '/account/email', auth: signedIn() });
    const user = userEvent.setup();
    expect(screen.getByText(me.email)).toBeInTheDocument();
    await user.type(screen.getByLabelText(ACCOUNT_PAGE_TEXTS.newEmail), 'new@example.test');
    await user.type(screen.getByLabelText(ACCOUNT_PAGE_TEXTS.currentPassword), 'Passw0rdOk');
    await user.click(screen.getByRole('button', { name: ACCOUNT_PAGE_TEXTS.sendEmailLink }));
    expect(await screen.findByText(ACCOUNT_TEXTS.emailChangeSent('new@example.test'))).toBeInTheDocument();
    expect(api.callsTo('POST /users/me/email')[0]!.body).toEqual({ newEmail: 'new@example.test', currentPassword: 'Passw0rdOk' });
  });

  it('puts the server\'s answer on the field it concerns', async () => {
    stubApi({ 'POST /users/me/email': fail(409, AUTH_ERRORS.emailTaken, 'CONFLICT', { newEmail: AUTH_ERRORS.emailTaken }) });
    renderPage(<EmailPage />, { path: '/account/email', auth: signedIn() });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(ACCOUNT_PAGE_TEXTS.newEmail), 'taken@example.test');
    await user.type(screen.getByLabelText(ACCOUNT_PAGE_TEXTS.currentPassword), 'Passw0rdOk');
    await user.click(screen.getByRole('button', { name: ACCOUNT_PAGE_TEXTS.sendEmailLink }));
    expect(await screen.findByText(AUTH_ERRORS.emailTaken)).toBeInTheDocument();
    expect(screen.getByLabelText(ACCOUNT_PAGE_TEXTS.newEmail)).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('password page', () => {
  it('checks the confirmation first, then changes and says every other session was signed out', async () => {
    const api = stubApi({ 'PUT /users/me/password': ok({ changed: true, signedOut: 2 }) });
    renderPage(<PasswordPage />, { path: '/account/password', auth: signedIn() });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(ACCOUNT_PAGE_TEXTS.currentPassword), 'Passw0rdOk');
    await user.type(screen.getByLabelText(ACCOUNT_PAGE_TEXTS.newPassword), 'N3wPassword');
    await user.type(screen.getByLabelText(ACCOUNT_PAGE_TEXTS.confirmPassword), 'N3wPasswordX');
    await user.click(screen.getByRole('button', { name: ACCOUNT_PAGE_TEXTS.changePassword }));
    expect(await screen.findByText(VALIDATION.passwordsDoNotMatch)).toBeInTheDocument();
    expect(api.callsTo('PUT /users/me/password')).toHaveLength(0);
    await user.type(screen.getByLabelText(ACCOUNT_PAGE_TEXTS.confirmPassword), '{Backspace}');
    await user.click(screen.getByRole('button', { name: ACCOUNT_PAGE_TEXTS.changePassword }));
    expect(await screen.findByText(ACCOUNT_TEXTS.passwordChanged)).toBeInTheDocument();
    expect(api.callsTo('PUT /users/me/password')[0]!.body).toEqual({ currentPassword: 'Passw0rdOk', newPassword: 'N3wPassword' });
  });

  it('a wrong current password shows on its field', async () => {
    stubApi({ 'PUT /users/me/password': fail(400, ACCOUNT_TEXTS.wrongPassword, 'INVALID_CREDENTIALS', { currentPassword: ACCOUNT_TEXTS.wrongPassword }) });
    renderPage(<PasswordPage />, { path: '/account/password', auth: signedIn() });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(ACCOUNT_PAGE_TEXTS.currentPassword), 'Wr0ngPassword');
    await user.type(screen.getByLabelText(ACCOUNT_PAGE_TEXTS.newPassword), 'N3wPassword');
    await user.type(screen.getByLabelText(ACCOUNT_PAGE_TEXTS.confirmPassword), 'N3wPassword');
    await user.click(screen.getByRole('button', { name: ACCOUNT_PAGE_TEXTS.changePassword }));
    expect(await screen.findByText(ACCOUNT_TEXTS.wrongPassword)).toBeInTheDocument();
    expect(screen.queryByText(ACCOUNT_TEXTS.passwordChanged)).not.toBeInTheDocument();
  });
});

const session = (id: string, device: string, current = false) => ({ id, device, current, lastSeenAt: new Date().toISOString(), createdAt: new Date().toISOString() });

describe('sessions page', () => {
  it('lists devices, marks this one, signs out another and then everywhere else', async () => {
    const here = session('11111111-1111-4111-8111-111111111111', 'Firefox on Linux', true);
    const phone = session('22222222-2222-4222-8222-222222222222', 'Safari on iOS');
    const laptop = session('33333333-3333-4333-8333-333333333333', 'Chrome on Windows');
    const api = stubApi({
      'GET /users/me/sessions': [ok({ sessions: [here, phone, laptop] }), ok({ sessions: [here, laptop] }), ok({ sessions: [here] })],
      [`DELETE /users/me/sessions/${phone.id}`]: ok({ signedOut: 1 }),
      'DELETE /users/me/sessions': ok({ signedOut: 1 }),
    });
    renderPage(<SessionsPage />, { path: '/account/sessions', auth: signedIn() });
    const user = userEvent.setup();
    const rows = await screen.findAllByTestId('account-session');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText(ACCOUNT_PAGE_TEXTS.thisDevice)).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `${ACCOUNT_PAGE_TEXTS.signOut}: Safari on iOS` }));
    await waitFor(() => expect(screen.getAllByTestId('account-session')).toHaveLength(2));
    expect(api.callsTo(`DELETE /users/me/sessions/${phone.id}`)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: ACCOUNT_PAGE_TEXTS.signOutEverywhereElse }));
    expect(await screen.findByText(ACCOUNT_PAGE_TEXTS.signedOutOthers(1))).toBeInTheDocument();
    expect(await screen.findByText(ACCOUNT_PAGE_TEXTS.noOtherSessions)).toBeInTheDocument();
  });
});

describe('delete account page', () => {
  it('a sole owner reads the server\'s refusal naming the team; nothing is signed out', async () => {
    const auth = signedIn();
    stubApi({ 'POST /users/me/delete': fail(409, ACCOUNT_TEXTS.soleOwnerOf(['Acme']), 'CONFLICT', undefined) });
    renderPage(<DeleteAccountPage />, { path: '/account/delete', auth });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(ACCOUNT_PAGE_TEXTS.deletePasswordLabel), 'Passw0rdOk');
    await user.click(screen.getByRole('button', { name: ACCOUNT_PAGE_TEXTS.deleteButton }));
    expect(await screen.findByText(ACCOUNT_TEXTS.soleOwnerOf(['Acme']))).toBeInTheDocument();
    expect(auth.logout).not.toHaveBeenCalled();
  });

  it('asks for the password first; deleted, it signs out here and goes to sign in', async () => {
    const auth = signedIn();
    const api = stubApi({ 'POST /users/me/delete': ok({ deleted: true }) });
    renderPage(<DeleteAccountPage />, { path: '/account/delete', auth });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: ACCOUNT_PAGE_TEXTS.deleteButton }));
    expect(await screen.findByText(ACCOUNT_TEXTS.deletePasswordRequired)).toBeInTheDocument();
    expect(api.callsTo('POST /users/me/delete')).toHaveLength(0);
    await user.type(screen.getByLabelText(ACCOUNT_PAGE_TEXTS.deletePasswordLabel), 'Passw0rdOk');
    await user.click(screen.getByRole('button', { name: ACCOUNT_PAGE_TEXTS.deleteButton }));
    expect(await screen.findByText('Login screen')).toBeInTheDocument();
    expect(auth.logout).toHaveBeenCalled();
    expect(api.callsTo('POST /users/me/delete')[0]!.body).toEqual({ password: 'Passw0rdOk' });
  });

  it('with the mailed link, confirms with its token instead of a password', async () => {
    const api = stubApi({ 'POST /users/me/delete': ok({ deleted: true }) });
    renderPage(<DeleteAccountPage />, { path: '/account/delete?token=abc', auth: signedIn() });
    const user = userEvent.setup();
    expect(screen.queryByLabelText(ACCOUNT_PAGE_TEXTS.deletePasswordLabel)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: ACCOUNT_PAGE_TEXTS.deleteButton }));
    await waitFor(() => expect(api.callsTo('POST /users/me/delete')[0]?.body).toEqual({ token: 'abc' }));
  });
});
