import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { loginSchema, signUpFormSchema } from '@core/schemas/auth.js';
import { ErrorSummary } from '../../components/error-summary.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.js';
import { Input } from '../../components/ui/input.js';
import { Field, fieldAria } from '../../components/ui/label.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.js';
import { track } from '../../lib/analytics.js';
import { useHydrated } from '../../lib/use-hydrated.js';
import { isStatus, useFormProblems, type FieldIds } from '../../lib/form-errors.js';
import { toast } from '../../lib/toast-store.js';
import { SecondStepForm } from './second-step-form.js';
import { useLoginMutation, useRegisterMutation } from './api.js';
import type { CurrentUser } from '../../api/user.js';
import { homeFor } from '../../api/user.js';
import type { AuthTab } from './auth-search.js';
import { textLinkClasses } from '../../components/ui/text-link.js';
import { useT } from '../../lib/i18n.js';

/** The forms' fields in the order shown, with their controls' ids (the error summary links to them). */
const SIGN_IN_FIELDS: FieldIds<z.input<typeof loginSchema>> = [
  ['email', 'signin-email'],
  ['password', 'signin-password'],
];
const SIGN_UP_FIELDS: FieldIds<z.input<typeof signUpFormSchema>> = [
  ['fullName', 'signup-fullName'],
  ['phoneNumber', 'signup-phoneNumber'],
  ['email', 'signup-email'],
  ['password', 'signup-password'],
  ['confirmPassword', 'signup-confirmPassword'],
];

/** docs/product.md §14.2: redirect about 50 ms after a successful login or registration. */
export const AUTH_REDIRECT_DELAY_MS = 50;

export function AuthPage() {
  const { t } = useT();
  const search = useSearch({ strict: false }) as { tab?: string };
  const navigate = useNavigate();
  // The pre-rendered page is the Sign In tab: hydration draws that, then the address's tab.
  const hydrated = useHydrated();
  const tab: AuthTab = hydrated && search.tab === 'signup' ? 'signup' : 'signin';
  const choose = (value: string) => void navigate({ to: '/auth', search: value === 'signup' ? { tab: 'signup' } : {}, replace: true });
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12">
      <Card>
        <CardHeader className="text-center">
          <CardTitle as="h1" className="text-2xl">
            {t('Welcome')}
          </CardTitle>
          <CardDescription>{t('Sign in to follow your application, or create an account to apply for your Egypt e-visa.')}</CardDescription>
        </CardHeader>
        <CardContent>
          <Tabs value={tab} onValueChange={choose}>
            <TabsList className="grid w-full grid-cols-2" aria-label={t('Sign in or sign up')}>
              <TabsTrigger value="signin">{t('Sign In')}</TabsTrigger>
              <TabsTrigger value="signup">{t('Sign Up')}</TabsTrigger>
            </TabsList>
            <TabsContent value="signin">
              <SignInForm />
            </TabsContent>
            <TabsContent value="signup">
              <SignUpForm />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </div>
  );
}

/** After login or registration: the redirect about 50 ms later (docs/product.md §2.5). */
function useRedirectSignedIn() {
  const navigate = useNavigate();
  return (user: CurrentUser, needsPasswordChange: boolean) => {
    window.setTimeout(() => {
      if (needsPasswordChange) void navigate({ to: '/profile', search: { changePassword: true } });
      else void navigate({ to: homeFor(user) });
    }, AUTH_REDIRECT_DELAY_MS);
  };
}

export function SignInForm() {
  const { t } = useT();
  const redirect = useRedirectSignedIn();
  // The password was right for an account with two-factor sign-in: the code is asked for next.
  const [askingForCode, setAskingForCode] = useState(false);
  const signedInWith = (user: CurrentUser, needsPasswordChange: boolean) => {
    toast({ title: t('Success'), description: t('You have been logged in successfully.') });
    redirect(user, needsPasswordChange || user.needsPasswordChange);
  };
  const form = useForm<z.input<typeof loginSchema>, unknown, z.output<typeof loginSchema>>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
    // The error summary takes the focus and links to each field (GOV.UK's pattern).
    shouldFocusError: false,
  });
  const problems = useFormProblems(form, SIGN_IN_FIELDS);
  const login = useLoginMutation({
    onSuccess: (data) => {
      if ('user' in data) signedInWith(data.user, data.needsPasswordChange);
      else setAskingForCode(true);
    },
    // Beside the fields and in the summary above them, not in a corner toast (issue 37). A wrong
    // email or password: which of the two is not said, so the message stands by the password, the
    // field people retype; a failure of no field (too many attempts) in the summary alone.
    onError: (error) => problems.refused(error, { fallback: t('Invalid email or password.'), field: (e) => (isStatus(e, 401) ? 'password' : null) }),
  });
  const { errors } = form.formState;

  if (askingForCode) return <SecondStepForm onSignedIn={signedInWith} onStartAgain={() => setAskingForCode(false)} />;
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        problems.sending();
        void form.handleSubmit((values) => login.mutate(values), problems.invalid)(event);
      }}
    >
      <ErrorSummary {...problems.summary} />
      <Field id="signin-email" label={t('Email')} required requiredMark={false} error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...fieldAria('signin-email', errors.email?.message)} {...form.register('email')} />
      </Field>
      <Field id="signin-password" label={t('Password')} required requiredMark={false} error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...fieldAria('signin-password', errors.password?.message)} {...form.register('password')} />
      </Field>
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? t('Signing in...') : t('Sign In')}
      </Button>
      <p className="text-center text-sm">
        <Link to="/forgot-password" className={textLinkClasses()}>
          {t('Forgot your password?')}
        </Link>
      </p>
      <p className="text-center text-sm">
        <Link to="/track" className={textLinkClasses()}>
          {t('Track an application without signing in')}
        </Link>
      </p>
    </form>
  );
}

export function SignUpForm() {
  const { t } = useT();
  const redirect = useRedirectSignedIn();
  const form = useForm<z.input<typeof signUpFormSchema>, unknown, z.output<typeof signUpFormSchema>>({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: { email: '', password: '', confirmPassword: '', fullName: '', phoneNumber: '' },
    shouldFocusError: false,
  });
  const problems = useFormProblems(form, SIGN_UP_FIELDS);
  const register = useRegisterMutation({
    onSuccess: (user) => {
      toast({ description: t('Account created successfully. Redirecting to dashboard...') });
      track('registration');
      redirect(user, false);
    },
    // The one conflict registering meets is an email that already has an account: beside Email.
    onError: (error) => problems.refused(error, { fallback: t('Failed to create account.'), field: (e) => (isStatus(e, 409) ? 'email' : null) }),
  });
  const { errors } = form.formState;

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        problems.sending();
        // confirmPassword is checked here and never sent.
        void form.handleSubmit(({ email, fullName, phoneNumber, password }) => register.mutate({ email, fullName, phoneNumber, password }), problems.invalid)(event);
      }}
    >
      <ErrorSummary {...problems.summary} />
      <Field id="signup-fullName" label={t('Full name')} required requiredMark={false} error={errors.fullName?.message}>
        <Input autoComplete="name" {...fieldAria('signup-fullName', errors.fullName?.message)} {...form.register('fullName')} />
      </Field>
      <Field id="signup-phoneNumber" label={t('Phone number')} required requiredMark={false} error={errors.phoneNumber?.message}>
        <Input type="tel" autoComplete="tel" {...fieldAria('signup-phoneNumber', errors.phoneNumber?.message)} {...form.register('phoneNumber')} />
      </Field>
      <Field id="signup-email" label={t('Email')} required requiredMark={false} error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...fieldAria('signup-email', errors.email?.message)} {...form.register('email')} />
      </Field>
      <Field id="signup-password" label={t('Password')} required requiredMark={false} error={errors.password?.message}>
        <Input type="password" autoComplete="new-password" {...fieldAria('signup-password', errors.password?.message)} {...form.register('password')} />
      </Field>
      <Field id="signup-confirmPassword" label={t('Confirm password')} required requiredMark={false} error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...fieldAria('signup-confirmPassword', errors.confirmPassword?.message)} {...form.register('confirmPassword')} />
      </Field>
      <Button type="submit" className="w-full" disabled={register.isPending}>
        {register.isPending ? t('Creating account...') : t('Create Account')}
      </Button>
    </form>
  );
}
