import { Navigate, type RouteObject } from 'react-router';
import { Island } from '../components/island/island.tsx';
import { PageLoader } from '../components/page/page-loader.tsx';
import { RouteErrorPage } from '../features/errors/components/route-error-page.tsx';
import { LandingPage } from '../features/landing/components/landing-page.tsx';
import type { TranslationKey } from '../i18n/translation-key.ts';
import { RootLayout } from './layouts/root-layout.tsx';
import { SiteLayout } from './layouts/site-layout.tsx';
import { withAllStyles } from './styles/with-all-styles.ts';
import type { RouteHandle } from './use-document-title.ts';

const title = (titleKey: TranslationKey): RouteHandle => ({ titleKey });

const accountSettings = {
  lazy: async () => ({
    Component: (await import('./account-settings-screen.tsx')).AccountSettingsScreen,
  }),
  handle: title('account.settings.title'),
};

/** The auth screens reached by two paths each. */
const signupConfirmPage = {
  lazy: async () => ({
    Component: (await import('../features/auth/components/signup-confirm-page.tsx')).SignupConfirmPage,
  }),
  handle: title('auth.signupConfirm.title'),
};

const confirmPage = {
  lazy: async () => ({
    Component: (await import('../features/auth/components/confirm-page.tsx')).ConfirmPage,
  }),
  handle: title('auth.confirm.title'),
};

/** A console screen: its route's code is the gate's small module; the screen itself loads only for staff. */
const adminScreen = (
  name: keyof typeof import('./staff-route.tsx')['ADMIN_SCREENS'],
  titleKey: TranslationKey,
) => ({
  lazy: async () => ({ Component: (await import('./staff-route.tsx')).ADMIN_SCREENS[name] }),
  handle: title(titleKey),
});

/** Every screen of spec §2. Aliases point at the same screen; `/auth/docs` and `/auth/landing` render nothing. */
export const routes: RouteObject[] = withAllStyles([
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
            // A page whose whole content has behaviour: one island of the prerendered page (decision 039).
            lazy: async () => ({
              element: (
                <Island name="pricing" component={(await import('./pricing-screen.tsx')).PricingScreen} />
              ),
            }),
            handle: title('pricing.title'),
          },
          {
            path: 'quick-start',
            lazy: async () => ({ Component: (await import('./quick-start-screen.tsx')).QuickStartScreen }),
            handle: title('quickStart.title'),
          },
          {
            path: 'docs',
            lazy: async () => ({
              Component: (await import('../features/api-reference/components/docs-index-page.tsx'))
                .DocsIndexPage,
            }),
            handle: title('apiReference.index.title'),
          },
          {
            path: 'docs/:api',
            lazy: async () => ({
              Component: (await import('./api-reference-screen.tsx')).ApiReferenceScreen,
            }),
            handle: title('apiReference.title'),
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
            path: 'status',
            lazy: async () => ({
              element: (
                <Island
                  name="status-page"
                  component={(await import('../features/status/components/status-page.tsx')).StatusPage}
                />
              ),
            }),
            handle: title('status.title'),
          },
          {
            path: 'auth',
            lazy: async () => ({ Component: (await import('./layouts/auth-layout.tsx')).AuthLayout }),
            children: [
              { index: true, element: <Navigate to="login" replace /> },
              {
                path: 'login',
                lazy: async () => ({
                  Component: (await import('../features/auth/components/login-page.tsx')).LoginPage,
                }),
                handle: title('auth.login.title'),
              },
              {
                path: 'login/challenge',
                lazy: async () => ({
                  Component: (await import('../features/auth/components/challenge-page.tsx')).ChallengePage,
                }),
                handle: title('auth.challenge.title'),
              },
              {
                path: 'signup',
                lazy: async () => ({
                  Component: (await import('./signup-screen.tsx')).SignupScreen,
                }),
                handle: title('auth.signup.title'),
              },
              { path: 'signup/confirm', ...signupConfirmPage },
              { path: 'signup/confirmation', ...signupConfirmPage },
              {
                path: 'forget-password',
                lazy: async () => ({
                  Component: (await import('../features/auth/components/forgot-password-page.tsx'))
                    .ForgotPasswordPage,
                }),
                handle: title('auth.forgot.title'),
              },
              {
                path: 'reset-password',
                lazy: async () => ({
                  Component: (await import('../features/auth/components/reset-password-page.tsx'))
                    .ResetPasswordPage,
                }),
                handle: title('auth.reset.title'),
              },
              { path: 'confirm', ...confirmPage },
              { path: 'confirmation', ...confirmPage },
              {
                path: 'email-change/undo',
                lazy: async () => ({
                  Component: (await import('../features/auth/components/email-change-undo-page.tsx'))
                    .EmailChangeUndoPage,
                }),
                handle: title('auth.emailUndo.title'),
              },
            ],
          },
          {
            path: 'auth/logout',
            lazy: async () => {
              const [{ revokeSessionLoader }, { LogoutPage }] = await Promise.all([
                import('../features/auth/api/logout.ts'),
                import('../features/auth/components/logout-page.tsx'),
              ]);
              return { loader: revokeSessionLoader, Component: LogoutPage };
            },
          },
          {
            path: 'invitations/accept',
            lazy: async () => ({ Component: (await import('./layouts/auth-layout.tsx')).AuthLayout }),
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await import('./invitation-accept-screen.tsx')).InvitationAcceptScreen,
                }),
                handle: title('organizations.accept.title'),
              },
            ],
          },
          {
            path: 'account/closed',
            lazy: async () => ({
              Component: (await import('../features/privacy/components/account-closed-page.tsx'))
                .AccountClosedPage,
            }),
            handle: title('privacy.closed.title'),
          },
          { path: 'auth/docs', children: [] },
          { path: 'auth/landing', children: [] },
          {
            lazy: async () => ({ Component: (await import('./protected-route.tsx')).ProtectedRoute }),
            children: [
              { path: 'account', ...accountSettings },
              { path: 'account/settings', ...accountSettings },
              // The Security tab by its own path: where a member enrols when an organization requires it.
              { path: 'account/security', ...accountSettings },
              {
                path: 'account/data-export/:id',
                lazy: async () => ({
                  Component: (await import('../features/privacy/components/data-export-page.tsx'))
                    .DataExportPage,
                }),
                handle: title('privacy.download.title'),
              },
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
                  Component: (await import('./billing-invoice-screen.tsx')).BillingInvoiceScreen,
                }),
                handle: title('billing.invoice.title'),
              },
              {
                // The staff console (issue 26): the gate renders the not-found page to anyone but staff, and only
                // for staff requests the console's chunk (the children's code comes from it).
                path: 'admin',
                lazy: async () => ({ Component: (await import('./staff-route.tsx')).StaffRoute }),
                children: [
                  { index: true, ...adminScreen('overview', 'admin.overview.title') },
                  { path: 'customers', ...adminScreen('customers', 'admin.customers.title') },
                  { path: 'customers/:organizationId', ...adminScreen('customer', 'admin.customer.title') },
                  { path: 'nfse', ...adminScreen('nfse', 'admin.nfse.attention.title') },
                  { path: 'closures', ...adminScreen('closures', 'admin.closures.title') },
                  { path: 'trail', ...adminScreen('trail', 'admin.trail.title') },
                  {
                    path: '*',
                    lazy: async () => ({
                      Component: (await import('../features/errors/components/not-found-page.tsx'))
                        .NotFoundPage,
                    }),
                    handle: title('notFound.title'),
                  },
                ],
              },
            ],
          },
          {
            path: '*',
            lazy: async () => ({
              Component: (await import('../features/errors/components/not-found-page.tsx')).NotFoundPage,
            }),
            handle: title('notFound.title'),
          },
        ],
      },
    ],
  },
]);
