import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import type { TCustomer } from '@cd/contracts/customer';
import { PageSpinner } from '../components/ui/page-spinner';
import { loadScreenDependencies } from '../lib/screen-dependencies';
import { MessengerAside } from './messenger-aside';
import { RouteErrorPage } from './pages/route-error-page';
import { RootLayout } from './root-layout';
import { RequireAuth } from './shell/require-auth';

/** A screen that renders once the whole catalogue and the phone formatter are in (lib/screen-dependencies.ts). */
function lazyNamed<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [component] = await Promise.all([load(), loadScreenDependencies()]);
    return { default: component };
  });
}

/** The first screen's modules (shell, inbox, redirects): their keys are in the catalogue's core, loaded before render. */
function lazyFirstScreen<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}

const LoginPage = lazyNamed(() => import('../features/auth/components/login-page').then((m) => m.LoginPage));
const ForgotPasswordPage = lazyNamed(() => import('../features/auth/components/forgot-password-page').then((m) => m.ForgotPasswordPage));
const ResetPasswordPage = lazyNamed(() => import('../features/auth/components/reset-password-page').then((m) => m.ResetPasswordPage));
const PublicCompanyPage = lazyNamed(() => import('../features/public-page/components/public-company-page').then((m) => m.PublicCompanyPage));
const LeadLandingPage = lazyNamed(() => import('../features/lead-landing/components/lead-landing-page').then((m) => m.LeadLandingPage));
const PublicBookingPage = lazyNamed(() => import('../features/public-page/components/public-booking-page').then((m) => m.PublicBookingPage));
const ReloadPage = lazyNamed(() => import('./pages/reload-page').then((m) => m.ReloadPage));
const RedirectIfSignedIn = lazyFirstScreen(() => import('./pages/login-redirect').then((m) => m.RedirectIfSignedIn));
const AppShell = lazyFirstScreen(() => import('./shell/app-shell').then((m) => m.AppShell));
const LandingRedirect = lazyFirstScreen(() => import('./pages/landing-redirect').then((m) => m.LandingRedirect));
const NoboardPage = lazyNamed(() => import('./pages/noboard-page').then((m) => m.NoboardPage));
const NotFoundPage = lazyNamed(() => import('./pages/not-found-page').then((m) => m.NotFoundPage));
const PlaceholderPage = lazyNamed(() => import('./pages/placeholder-page').then((m) => m.PlaceholderPage));
const DashboardPage = lazyNamed(() => import('../features/dashboard/components/dashboard-page').then((m) => m.DashboardPage));
const AnalyticsPage = lazyNamed(() => import('../features/analytics/components/analytics-page').then((m) => m.AnalyticsPage));
const CompaniesPage = lazyNamed(() => import('../features/companies/components/companies-page').then((m) => m.CompaniesPage));
const CommunicationLayout = lazyFirstScreen(() => import('../features/conversations/components/communication-layout').then((m) => m.CommunicationLayout));
const SelectConversationPane = lazyFirstScreen(() => import('../features/conversations/components/select-conversation-pane').then((m) => m.SelectConversationPane));
const MessengerPage = lazyNamed(() => import('../features/conversations/components/messenger-page').then((m) => m.MessengerPage));
const SearchLauncher = lazyNamed(() => import('../features/search/components/search-launcher').then((m) => m.SearchLauncher));
/** Loads on its own: the inbox shows before the search box's code arrives. */
const InboxSearch = () => (
  <Suspense fallback={null}>
    <SearchLauncher />
  </Suspense>
);
const CustomerDetailsPage = lazyNamed(() => import('../features/conversations/components/customer-details-page').then((m) => m.CustomerDetailsPage));
const SimulatorPage = lazyNamed(() => import('../features/simulator/components/simulator-page').then((m) => m.SimulatorPage));
const GroupsPage = lazyNamed(() => import('../features/groups/components/groups-page').then((m) => m.GroupsPage));
const ErrorReportsPage = lazyNamed(() => import('../features/error-reports/components/error-reports-page').then((m) => m.ErrorReportsPage));
const ApiRequestsPage = lazyNamed(() => import('../features/development/components/api-requests-page').then((m) => m.ApiRequestsPage));
const WebhookRequestsPage = lazyNamed(() => import('../features/development/components/webhook-requests-page').then((m) => m.WebhookRequestsPage));
const DevStatsPage = lazyNamed(() => import('../features/development/components/stats-page').then((m) => m.StatsPage));
const CompanyPage = lazyNamed(() => import('../features/companies/components/company-page').then((m) => m.CompanyPage));
const GarageSection = lazyNamed(() => import('../features/repair-orders/components/garage-section').then((m) => m.GarageSection));
const RepairOrderPage = lazyNamed(() => import('../features/repair-orders/components/repair-order-page').then((m) => m.RepairOrderPage));
const PublicLinkPage = lazyNamed(() => import('../features/public-page/components/public-link-page').then((m) => m.PublicLinkPage));
const SurveysPage = lazyNamed(() => import('../features/surveys/components/surveys-page').then((m) => m.SurveysPage));
const InternalChatPage = lazyNamed(() => import('../features/internal-chat/components/internal-chat-page').then((m) => m.InternalChatPage));
const AppointmentsPage = lazyNamed(() => import('../features/appointments/components/appointments-page').then((m) => m.AppointmentsPage));
const SchedulePage = lazyNamed(() => import('../features/appointments/components/schedule-page').then((m) => m.SchedulePage));
const PartsSalesPage = lazyNamed(() => import('../features/parts/components/parts-sales-page').then((m) => m.PartsSalesPage));
const InterestsPage = lazyNamed(() => import('../features/interests/components/interests-page').then((m) => m.InterestsPage));
const OffersPage = lazyNamed(() => import('../features/offers/components/offers-page').then((m) => m.OffersPage));
const MarketingLeadsPage = lazyNamed(() => import('../features/marketing/components/marketing-leads-page').then((m) => m.MarketingLeadsPage));
const MarketingOffersPage = lazyNamed(() => import('../features/marketing/components/marketing-offers-page').then((m) => m.MarketingOffersPage));
const MarketingConsentSection = lazy(() => import('../features/offers/components/marketing-consent-section').then((m) => ({ default: m.MarketingConsentSection })));
const AccountsReceivablePage = lazyNamed(() => import('../features/accounting/components/accounts-receivable-page').then((m) => m.AccountsReceivablePage));
const ListingsPage = lazyNamed(() => import('../features/listings/components/listings-page').then((m) => m.ListingsPage));
const ArchivedListingsPage = lazyNamed(() => import('../features/listings/components/listings-page').then((m) => m.ArchivedListingsPage));
const KeywordsPage = lazyNamed(() => import('../features/keywords/components/keywords-page').then((m) => m.KeywordsPage));
const CustomerRealEstateSection = lazy(() => import('../features/listings/components/customer-real-estate-section').then((m) => ({ default: m.CustomerRealEstateSection })));
const TransactionsPage = lazyNamed(() => import('../features/payments/components/transactions-page').then((m) => m.TransactionsPage));
const ReportsPage = lazyNamed(() => import('../features/reports/components/reports-page').then((m) => m.ReportsPage));
const ReportCreatePage = lazyNamed(() => import('../features/reports/components/report-create-page').then((m) => m.ReportCreatePage));
const CronJobsPage = lazyNamed(() => import('../features/cron-jobs/components/cron-jobs-page').then((m) => m.CronJobsPage));
const RolesPage = lazyNamed(() => import('../features/roles/components/roles-page').then((m) => m.RolesPage));
const SupportPage = lazyNamed(() => import('../features/support/components/support-page').then((m) => m.SupportPage));
const AuditLogPage = lazyNamed(() => import('../features/audit-log/components/audit-log-page').then((m) => m.AuditLogPage));
const ApiKeysPage = lazyNamed(() => import('../features/api-keys/components/api-keys-page').then((m) => m.ApiKeysPage));
const RoutingPage = lazyNamed(() => import('../features/routing/components/routing-page').then((m) => m.RoutingPage));
const WebhooksPage = lazyNamed(() => import('../features/outgoing-webhooks/components/webhooks-page').then((m) => m.WebhooksPage));
const WebchatSettingsPage = lazyNamed(() => import('../features/webchat/components/webchat-settings-page').then((m) => m.WebchatSettingsPage));
const QuestionnairesPage = lazyNamed(() => import('../features/questionnaires/components/questionnaires-page').then((m) => m.QuestionnairesPage));
const PublicQuestionnaireView = lazy(() => import('../features/questionnaires/components/public-questionnaire-view').then((m) => ({ default: m.PublicQuestionnaireView })));
const CustomerQuestionnairesSection = lazy(() =>
  import('../features/questionnaires/components/customer-questionnaires-section').then((m) => ({ default: m.CustomerQuestionnairesSection })),
);
const PublicPaymentView = lazy(() => import('../features/payments/components/public-payment-view').then((m) => ({ default: m.PublicPaymentView })));

/** The payment link's page body (payments feature), composed into the public link page (features never import each other). */
function LazyPublicPaymentView(props: { code: string; fallback?: ReactNode }) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <PublicPaymentView {...props} />
    </Suspense>
  );
}

/** The questionnaire link's page body (questionnaires feature, issue 18), composed like the payment page. */
function LazyPublicQuestionnaireView(props: { code: string }) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <PublicQuestionnaireView {...props} />
    </Suspense>
  );
}

/** Lazy slots load on their own, so the customer screens show before the panels' code arrives. */
function LazyGarageSection(props: { customer: TCustomer | undefined }) {
  return (
    <Suspense fallback={null}>
      <GarageSection {...props} />
    </Suspense>
  );
}

/** The customer details' lower sections: the garage, then the marketing consent (offers feature, issue 18). */
function LazyCustomerSections(props: { customer: TCustomer | undefined }) {
  return (
    <>
      <LazyGarageSection {...props} />
      {props.customer && (
        <Suspense fallback={null}>
          <MarketingConsentSection customerId={props.customer.id} />
        </Suspense>
      )}
      <Suspense fallback={null}>
        <CustomerQuestionnairesSection customer={props.customer} />
      </Suspense>
      <Suspense fallback={null}>
        <CustomerRealEstateSection customer={props.customer} />
      </Suspense>
    </>
  );
}

const page = (node: ReactNode) => <Suspense fallback={<PageSpinner />}>{node}</Suspense>;
const errorElement = <RouteErrorPage />;

/** Routes of spec part 1 §2 whose screens are not built yet, with the catalogue key naming each. */
const PLACEHOLDER_ROUTES: [path: string, titleKey: string][] = [
];

const appRoutes: RouteObject[] = [
  { index: true, element: page(<LandingRedirect />), errorElement },
  {
    path: 'communication',
    errorElement,
    children: [
      { index: true, element: <Navigate to="/communication/inbox" replace /> },
      {
        // Desktop: the inbox list stays on the left while the customer routes fill the right.
        // The search box above the inbox (issue 21) is composed in here: features never import each other.
        element: page(<CommunicationLayout Search={InboxSearch} />),
        errorElement,
        children: [
          { path: 'inbox', element: page(<SelectConversationPane />), errorElement },
          // The app composes the repair-orders and appointments features into the conversation screens (features never import each other).
          { path: ':customerId/messenger', element: page(<MessengerPage Aside={MessengerAside} />), errorElement },
          { path: ':customerId/details', element: page(<CustomerDetailsPage Below={LazyCustomerSections} />), errorElement },
        ],
      },
      // Spec part 1 §2: any other sub-path redirects to /communication.
      { path: '*', element: <Navigate to="/communication" replace /> },
    ],
  },
  { path: 'customer-groups', element: page(<GroupsPage />), errorElement },
  // The page reads the optional thread id itself, so the chat list stays mounted while chats change.
  { path: 'internal-chat', element: page(<InternalChatPage />), errorElement, children: [{ index: true }, { path: ':threadId' }] },
  { path: 'repair-orders/:orderId', element: page(<RepairOrderPage />), errorElement },
  { path: 'surveys', element: page(<SurveysPage />), errorElement },
  { path: 'appointments', element: page(<AppointmentsPage />), errorElement },
  // Shifts, vacations and shared resources of the appointments area (issue 16).
  { path: 'appointments/schedule', element: page(<SchedulePage />), errorElement },
  // Parts counter: trade accounts, tickets, statements (issue 17).
  { path: 'parts_sales', element: page(<PartsSalesPage />), errorElement },
  // Offers, their audiences (interests) and the marketing lists (issue 18).
  { path: 'interests', element: page(<InterestsPage />), errorElement },
  { path: 'offers', element: page(<OffersPage />), errorElement },
  { path: 'marketing/leads', element: page(<MarketingLeadsPage />), errorElement },
  { path: 'marketing/offers', element: page(<MarketingOffersPage />), errorElement },
  // Questionnaires builder (issue 18).
  { path: 'questionnaires', element: page(<QuestionnairesPage />), errorElement },
  // Real estate: listings, archived listings, keywords admin (issue 18).
  { path: 'listings', element: page(<ListingsPage />), errorElement },
  { path: 'archived-listings', element: page(<ArchivedListingsPage />), errorElement },
  { path: 'keywords', element: page(<KeywordsPage />), errorElement },
  // The company admin's day at a glance and the analytics over a range (issue 19); charts load only with these screens.
  { path: 'dashboard', element: page(<DashboardPage />), errorElement },
  { path: 'analytics', element: page(<AnalyticsPage />), errorElement },
  // Reports: the list and the creation screen (issue 19).
  { path: 'reports', element: page(<ReportsPage />), errorElement },
  { path: 'reports/new', element: page(<ReportCreatePage />), errorElement },
  { path: 'simulator', element: page(<SimulatorPage />), errorElement },
  { path: 'payment/transactions', element: page(<TransactionsPage />), errorElement },
  // Accounts receivable: charge customers, aging, statements (issue 17).
  { path: 'accounting/accounts_receivable', element: page(<AccountsReceivablePage />), errorElement },
  { path: 'noboard', element: page(<NoboardPage />), errorElement },
  { path: 'companies', element: page(<CompaniesPage />), errorElement },
  { path: 'companies/:companyId/:tab?', element: page(<CompanyPage />), errorElement },
  { path: 'error-reports/:reportId?', element: page(<ErrorReportsPage />), errorElement },
  // Operations (issue 20): scheduled jobs, the role catalogue, support, the audit log.
  { path: 'management/cron_jobs', element: page(<CronJobsPage />), errorElement },
  { path: 'roles', element: page(<RolesPage />), errorElement },
  { path: 'support', element: page(<SupportPage />), errorElement },
  { path: 'audit-log', element: page(<AuditLogPage />), errorElement },
  // Public API keys (issue 21, company admins).
  { path: 'settings/api-keys', element: page(<ApiKeysPage />), errorElement },
  { path: 'settings/routing', element: page(<RoutingPage />), errorElement },
  { path: 'settings/webhooks', element: page(<WebhooksPage />), errorElement },
  { path: 'settings/webchat', element: page(<WebchatSettingsPage />), errorElement },
  { path: 'development', element: <Navigate to="/development/stats" replace /> },
  // The development section (issue 20, super admins): outside calls, incoming webhooks, figures over both.
  { path: 'development/api', element: page(<ApiRequestsPage />), errorElement },
  { path: 'development/webhook', element: page(<WebhookRequestsPage />), errorElement },
  { path: 'development/stats', element: page(<DevStatsPage />), errorElement },
  ...PLACEHOLDER_ROUTES.map(([path, titleKey]): RouteObject => ({
    path,
    element: page(<PlaceholderPage key={path} titleKey={titleKey} />),
    errorElement,
  })),
  { path: '*', element: page(<NotFoundPage />), errorElement },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement,
    children: [
      { path: 'login', element: page(<RedirectIfSignedIn><LoginPage /></RedirectIfSignedIn>), errorElement },
      { path: 'forgot_password', element: page(<RedirectIfSignedIn><ForgotPasswordPage /></RedirectIfSignedIn>), errorElement },
      { path: 'reset_password', element: page(<ResetPasswordPage />), errorElement },
      { path: 'reload-page', element: page(<ReloadPage />), errorElement },
      // The page a company's QR code opens: anyone, signed in or not.
      { path: 'c/:slug', element: page(<PublicCompanyPage />), errorElement },
      // The real-estate landing page (issue 18): a phone number, an optional listing link, a consent box.
      { path: 'l/:slug', element: page(<LeadLandingPage />), errorElement },
      // The company's booking page (issue 16): anyone, signed in or not.
      { path: 'book/:slug', element: page(<PublicBookingPage />), errorElement },
      // A customer link from an automated text (status, approval, vehicle ready): anyone, signed in or not.
      { path: 'r/:code', element: page(<PublicLinkPage Payment={LazyPublicPaymentView} Questionnaire={LazyPublicQuestionnaireView} />), errorElement },
      {
        path: '/',
        element: page(
          <RequireAuth>
            <AppShell />
          </RequireAuth>,
        ),
        errorElement,
        children: appRoutes,
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
