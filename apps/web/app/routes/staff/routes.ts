import { route } from '@react-router/dev/routes';
import type { AreaRoutes } from '../area';

// The staff console (ADR 0035), inside layouts/staff.tsx. Each page checks its own role group (product.md#roles).
export const staffRoutes: AreaRoutes = {
  staff: [
    route('staff', 'routes/staff/dashboard.tsx', { id: 'staff' }),
    route('staff/members', 'routes/staff/members.tsx', { id: 'staff-members' }),
    route('staff/members/:idUser', 'routes/staff/member.tsx', { id: 'staff-members-idUser' }),
    route('staff/audit', 'routes/staff/audit.tsx', { id: 'staff-audit' }),
    route('staff/analytics', 'routes/staff/analytics.tsx', { id: 'staff-analytics' }),
    route('staff/mailers', 'routes/staff/mailers.tsx', { id: 'staff-mailers' }),
    route('staff/mailers/new', 'routes/staff/mailer.tsx', { id: 'staff-mailers-new' }),
    route('staff/mailers/:idMailer', 'routes/staff/mailer.tsx', { id: 'staff-mailers-idMailer' }),
    route('staff/retention-offer', 'routes/staff/retention-offer.tsx', { id: 'staff-retention-offer' }),
    route('staff/coupons', 'routes/staff/coupons.tsx', { id: 'staff-coupons' }),
  ],
};
