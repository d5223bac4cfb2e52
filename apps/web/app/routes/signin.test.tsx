// @vitest-environment jsdom
/**
 * Sign in and sign up as a customer sees them (their actions stubbed): an incomplete form shows
 * the SPEC 5 messages and posts nothing; the action's refusal shows SPEC 8's message and keeps the
 * e-mail; 'Forgot your password?' opens its dialog from the URL and shows the action's answer.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadFormChecks } from '~/components/account/shop-form';
import { renderStubbedPage } from '~/testing/route-stub';
import SignInPage from './signin';
import SignUpPage from './signup';

afterEach(cleanup);
// The forms' checks arrive after hydration in a browser; here they are there from the start.
beforeAll(loadFormChecks);

const refused = (intent: string, message: string, values: Record<string, string> = {}) => ({ ok: false, error: 'unauthorized', message, fields: {}, intent, values });

describe('sign-in page', () => {
  it('posts nothing and shows the field messages when e-mail and password are empty', async () => {
    const { posted } = renderStubbedPage('/signin', { path: '/signin', Component: SignInPage });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is required. (5-100) Characters')).toBeInTheDocument();
    expect(screen.getByText('Password is required. (5-14) Characters')).toBeInTheDocument();
    expect(posted).toHaveLength(0);
  });

  it("posts e-mail and password, and shows 'Email or password incorrect' when refused", async () => {
    const { posted } = renderStubbedPage('/signin', {
      path: '/signin',
      Component: SignInPage,
      action: () => refused('signin', 'Email or password incorrect, please try again', { email: 'ann@example.com' }),
    });
    fireEvent.input(await screen.findByLabelText('Email'), { target: { value: 'ann@example.com' } });
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'wrong-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByTestId('signin-message')).toHaveTextContent('Email or password incorrect, please try again');
    expect(posted[0]!.get('intent')).toBe('signin');
    expect(posted[0]!.get('email')).toBe('ann@example.com');
    expect(screen.getByLabelText('Email')).toHaveValue('ann@example.com');
  });

  it("opens 'Forgot Password' from the link and shows that the reset link was sent", async () => {
    const { posted } = renderStubbedPage('/signin', {
      path: '/signin',
      Component: SignInPage,
      action: () => ({
        ok: true,
        intent: 'forgot',
        message: 'If this e-mail address has an account, a reset password link is on its way: please check your inbox and proceed with reset password.',
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Forgot your password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Forgot Password' });
    fireEvent.input(within(dialog).getByLabelText('Email'), { target: { value: 'ann@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Forgot Password' }));
    expect(await within(dialog).findByTestId('forgot-password-message')).toHaveTextContent('a reset password link is on its way');
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.get('intent')).toBe('forgot');
  });
});

describe('sign-up page', () => {
  it("keeps 'Sign Up' disabled until every field is valid, then posts the account with the newsletter choice", async () => {
    const { posted } = renderStubbedPage('/signup', { path: '/signup', Component: SignUpPage, action: () => refused('signup', 'Somthing wrong! Email already reserved!', { email: 'ann.lee@example.com' }) });
    const button = await screen.findByRole('button', { name: 'Sign Up' });
    expect(button).toBeDisabled();
    const fill = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });
    fill('First Name', 'Annie');
    fill('Last Name', 'Leeds');
    fill('Email', 'ann.lee@example.com');
    fill('Password', 'parcel-tape-42');
    fill('Confirm Password', 'parcel-tape-42');
    fill('Phone', '01134960123');
    fireEvent.click(screen.getByLabelText('To receive great offers and packaging tips, sign up to our newsletter'));
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    expect(await screen.findByTestId('signup-message')).toHaveTextContent('Somthing wrong! Email already reserved!');
    expect(posted[0]!.get('email')).toBe('ann.lee@example.com');
    expect(posted[0]!.get('newsletter')).toBe('on');
  });

  it('leaves the newsletter box unticked: no newsletter unless the customer ticks it (DESIGN 4)', async () => {
    const { posted } = renderStubbedPage('/signup', { path: '/signup', Component: SignUpPage, action: () => refused('signup', 'Somthing wrong! Email already reserved!', { email: 'ann.lee@example.com' }) });
    const button = await screen.findByRole('button', { name: 'Sign Up' });
    expect(screen.getByLabelText('To receive great offers and packaging tips, sign up to our newsletter')).not.toBeChecked();
    const fill = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });
    fill('First Name', 'Annie');
    fill('Last Name', 'Leeds');
    fill('Email', 'ann.lee@example.com');
    fill('Password', 'parcel-tape-42');
    fill('Confirm Password', 'parcel-tape-42');
    fill('Phone', '01134960123');
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.get('newsletter')).toBeNull();
  });

  const fill = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });
  function fillValidAccount(first: string, last: string) {
    fill('First Name', first);
    fill('Last Name', last);
    fill('Email', 'ian.lee@example.com');
    fill('Password', 'parcel-tape-42');
    fill('Confirm Password', 'parcel-tape-42');
    fill('Phone', '01134960123');
  }

  it('accepts short real names such as "Ian Lee" and a one-letter name (1-50 characters, DESIGN 4)', async () => {
    renderStubbedPage('/signup', { path: '/signup', Component: SignUpPage });
    const button = await screen.findByRole('button', { name: 'Sign Up' });
    fillValidAccount('Ian', 'Lee');
    await waitFor(() => expect(button).toBeEnabled());
    fill('First Name', 'J');
    fill('Last Name', 'O');
    await waitFor(() => expect(button).toBeEnabled());
    expect(screen.queryByText(/\((1|4)-50\) Characters/)).not.toBeInTheDocument();
    fill('First Name', '');
    expect(await screen.findByText('First Name is required. (1-50) Characters')).toBeInTheDocument();
    fill('Last Name', 'L'.repeat(51));
    expect(await screen.findByText('Last Name is required. (1-50) Characters')).toBeInTheDocument();
    expect(button).toBeDisabled();
  });

  it("says 'Passwords do not match.' and posts nothing while the confirmation differs", async () => {
    const { posted } = renderStubbedPage('/signup', { path: '/signup', Component: SignUpPage });
    const button = await screen.findByRole('button', { name: 'Sign Up' });
    fillValidAccount('Ian', 'Lee');
    fill('Confirm Password', 'parcel-tape-43');
    expect(await screen.findByText('Passwords do not match.')).toBeInTheDocument();
    expect(button).toBeDisabled();
    fireEvent.submit(screen.getByTestId('signup-form'));
    expect(posted).toHaveLength(0);
    // Changing the password to the confirmation mends it.
    fill('Password', 'parcel-tape-43');
    await waitFor(() => expect(screen.queryByText('Passwords do not match.')).not.toBeInTheDocument());
    await waitFor(() => expect(button).toBeEnabled());
  });
});
