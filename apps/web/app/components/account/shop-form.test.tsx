// @vitest-environment jsdom
/**
 * A form page before and after its checks arrive (they load once the page is interactive,
 * shop-form.ts): before, the form posts unchecked and the action's messages show; then what
 * was typed meanwhile is checked as if typed then.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { renderStubbedPage } from '~/testing/route-stub';
import SignInPage from '~/routes/signin';

afterEach(cleanup);

const checks = vi.hoisted(() => {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { arrive, arrived };
});
vi.mock('./form-validation', async (importOriginal) => {
  await checks.arrived;
  return importOriginal();
});

it('posts unchecked until the checks arrive, then checks what was typed meanwhile', async () => {
  const refused = {
    ok: false,
    error: 'invalid_request',
    message: 'Please correct the fields marked below.',
    fields: { email: 'Email is required. (5-100) Characters', password: 'Password is required. (5-14) Characters' },
    intent: 'signin',
    values: { intent: 'signin' },
  };
  const { posted } = renderStubbedPage('/signin', { path: '/signin', Component: SignInPage, action: () => refused });
  fireEvent.click(await screen.findByRole('button', { name: 'Sign In' }));
  await waitFor(() => expect(posted).toHaveLength(1));
  expect(await screen.findByTestId('signin-password-error')).toHaveTextContent('Password is required. (5-14) Characters');

  fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'parcel-tape-42' } });
  expect(screen.getByTestId('signin-password-error')).toBeInTheDocument();

  checks.arrive();
  await waitFor(() => expect(screen.queryByTestId('signin-password-error')).toBeNull());
  expect(screen.getByTestId('signin-email-error')).toHaveTextContent('Email is required. (5-100) Characters');
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  expect(posted).toHaveLength(1);
});
