import { Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page/page-loader.tsx';
import { revokeSessionLoader } from '../features/auth/api/logout.ts';
import { ChallengePage } from '../features/auth/components/challenge-page.tsx';
import { ConfirmPage } from '../features/auth/components/confirm-page.tsx';
import { ForgotPasswordPage } from '../features/auth/components/forgot-password-page.tsx';
import { LoginPage } from '../features/auth/components/login-page.tsx';
import { LogoutPage } from '../features/auth/components/logout-page.tsx';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page.tsx';
import { SignupConfirmPage } from '../features/auth/components/signup-confirm-page.tsx';
import { SignupPage } from '../features/auth/components/signup-page.tsx';
import { NotFoundPage } from '../features/errors/components/not-found-page.tsx';
import { RouteErrorPage } from '../features/errors/components/route-error-page.tsx';
import { LandingPage } from '../features/landing/components/landing-page.tsx';
import { AuthLayout } from './layouts/auth-layout.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { SiteLayout } from './layouts/site-layout.tsx';
import { ProtectedRoute } from './protected-route.tsx';
import type { RouteHandle } from './use-document-title.ts';

const title = (titleKey: string): RouteHandle => ({ titleKey });

const accountSettings = {
  lazy: async () => ({
    Component: (await import('./account-settings-screen.tsx')).AccountSettingsScreen,
  }),
  handle: title('account.settings.title'),
};

/** Every screen of spec §2. Aliases point at the same screen; `/auth/docs` and `/auth/landing` render nothing. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        element: <SiteLayout />,
        children: [
          { index: true, element: <LandingPage />, handle: title('landing.title') },
          {
            path: 'pricing',
            lazy: async () => ({ Component: (await import('./pricing-screen.tsx')).PricingScreen }),
            handle: title('pricing.title'),
          },
          {
            path: 'contact',
            lazy: async () => ({
              Component: (await import('../features/contact/components/contact-page.tsx')).ContactPage,
            }),
            handle: title('contact.title'),
          },
          {
            path: 'faq',
            lazy: async () => ({
              Component: (await import('../features/legal/components/faq-page.tsx')).FaqPage,
            }),
            handle: title('legal.faq'),
          },
          {
            path: 'about',
            lazy: async () => ({
              Component: (await import('../features/legal/components/info-page.tsx')).AboutPage,
            }),
            handle: title('legal.about'),
          },
          {
            path: 'terms',
            lazy: async () => ({
              Component: (await import('../features/legal/components/info-page.tsx')).TermsPage,
            }),
            handle: title('legal.terms'),
          },
          {
            path: 'privacy',
            lazy: async () => ({
              Component: (await import('../features/legal/components/info-page.tsx')).PrivacyPage,
            }),
            handle: title('legal.privacy'),
          },
          {
            path: 'terms-of-service',
            lazy: async () => ({
              Component: (await import('../features/legal/components/info-page.tsx')).TermsOfServicePage,
            }),
            handle: title('legal.termsOfService'),
          },
          {
            path: 'auth',
            element: <AuthLayout />,
            children: [
              { index: true, element: <Navigate to="login" replace /> },
              { path: 'login', element: <LoginPage />, handle: title('auth.login.title') },
              { path: 'login/challenge', element: <ChallengePage />, handle: title('auth.challenge.title') },
              { path: 'signup', element: <SignupPage />, handle: title('auth.signup.title') },
              {
                path: 'signup/confirm',
                element: <SignupConfirmPage />,
                handle: title('auth.signupConfirm.title'),
              },
              {
                path: 'signup/confirmation',
                element: <SignupConfirmPage />,
                handle: title('auth.signupConfirm.title'),
              },
              {
                path: 'forget-password',
                element: <ForgotPasswordPage />,
                handle: title('auth.forgot.title'),
              },
              { path: 'reset-password', element: <ResetPasswordPage />, handle: title('auth.reset.title') },
              { path: 'confirm', element: <ConfirmPage />, handle: title('auth.confirm.title') },
              { path: 'confirmation', element: <ConfirmPage />, handle: title('auth.confirm.title') },
            ],
          },
          { path: 'auth/logout', loader: revokeSessionLoader, element: <LogoutPage /> },
          { path: 'auth/docs', children: [] },
          { path: 'auth/landing', children: [] },
          {
            element: <ProtectedRoute />,
            children: [
              { path: 'account', ...accountSettings },
              { path: 'account/settings', ...accountSettings },
              {
                path: 'dashboard',
                lazy: async () => ({
                  Component: (await import('./dashboard-screen.tsx')).DashboardScreen,
                }),
                handle: title('dashboard.title'),
              },
              {
                path: 'projects',
                lazy: async () => ({
                  Component: (await import('./projects-screen.tsx')).ProjectsScreen,
                }),
                handle: title('projects.title'),
              },
              {
                path: 'billing/checkout/:id',
                lazy: async () => ({
                  Component: (await import('../features/billing/components/test-checkout-page.tsx'))
                    .TestCheckoutPage,
                }),
                handle: title('billing.checkout.title'),
              },
              {
                path: 'billing/manage',
                lazy: async () => ({
                  Component: (await import('./billing-manage-screen.tsx')).BillingManageScreen,
                }),
                handle: title('billing.manage.title'),
              },
              {
                path: 'billing/invoices/:id',
                lazy: async () => ({
                  Component: (await import('../features/billing/components/invoice-page.tsx')).InvoicePage,
                }),
                handle: title('billing.invoice.title'),
              },
            ],
          },
          { path: '*', element: <NotFoundPage />, handle: title('notFound.title') },
        ],
      },
    ],
  },
];
