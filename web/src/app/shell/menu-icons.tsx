import type { SvgIconComponent } from '@mui/icons-material';
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import ApiOutlined from '@mui/icons-material/ApiOutlined';
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import BarChartOutlined from '@mui/icons-material/BarChartOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import DomainOutlined from '@mui/icons-material/DomainOutlined';
import BugReportOutlined from '@mui/icons-material/BugReportOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import HomeWorkOutlined from '@mui/icons-material/HomeWorkOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import ManageSearchOutlined from '@mui/icons-material/ManageSearchOutlined';
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import AltRouteOutlined from '@mui/icons-material/AltRouteOutlined';
import PhoneIphoneOutlined from '@mui/icons-material/PhoneIphoneOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import PollOutlined from '@mui/icons-material/PollOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import StarBorderOutlined from '@mui/icons-material/StarBorderOutlined';
import TagOutlined from '@mui/icons-material/TagOutlined';
import TrendingUpOutlined from '@mui/icons-material/TrendingUpOutlined';
import BuildOutlined from '@mui/icons-material/BuildOutlined';
import WebhookOutlined from '@mui/icons-material/WebhookOutlined';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';

export const MENU_ICONS: Record<string, SvgIconComponent> = {
  dashboard: DashboardOutlined,
  inbox: ChatOutlined,
  simulator: PhoneIphoneOutlined,
  'customer-groups': GroupsOutlined,
  'internal-chat': ForumOutlined,
  'parts-sales': BuildOutlined,
  'accounts-receivable': AccountBalanceOutlined,
  appointments: CalendarMonthOutlined,
  listings: HomeWorkOutlined,
  'archived-listings': ArchiveOutlined,
  offers: LocalOfferOutlined,
  interests: StarBorderOutlined,
  'marketing-leads': TrendingUpOutlined,
  'marketing-offers': CampaignOutlined,
  'payment-transactions': PaymentsOutlined,
  companies: DomainOutlined,
  'error-reports': BugReportOutlined,
  company: BusinessOutlined,
  surveys: PollOutlined,
  reports: AssessmentOutlined,
  keywords: TagOutlined,
  roles: ShieldOutlined,
  'cron-jobs': ScheduleOutlined,
  'audit-log': ManageSearchOutlined,
  routing: AltRouteOutlined,
  'api-keys': VpnKeyOutlined,
  'outgoing-webhooks': WebhookOutlined,
  webchat: SupportAgentOutlined,
  'development-stats': BarChartOutlined,
  'development-api': ApiOutlined,
  'development-webhook': WebhookOutlined,
  support: HelpOutlineOutlined,
};
