/**
 * The dashboard's browser-test week: leads, failed leads, sends and FTDs at known instants in a fixed past week
 * (older than the demo leads' 90 days), so the test can compute every card from this list by itself and compare
 * it with what the console shows. Instants are UTC; the week is read in Europe/Berlin, where some of them fall on
 * another day than in UTC.
 */
export const dashboardWeek = {
  timeZone: 'Europe/Berlin',
  /** The last of the seven days the test opens (`/dashboard?date=…`). */
  lastDay: '2026-01-11',
  brokerName: 'E2E Dashboard Broker',
  departments: ['Desk A', 'Desk B'],
  /** Created leads by contact; a contact twice on one day is one unique lead. */
  leads: [
    { email: 'dash-p1@example.com', phone: null, at: '2026-01-02T10:00:00Z' },
    { email: 'dash-p2@example.com', phone: null, at: '2026-01-03T10:00:00Z' },
    { email: 'dash-p3@example.com', phone: null, at: '2026-01-03T18:00:00Z' },
    // 00:30 on 5 January in Berlin: this week there, the week before in UTC.
    { email: 'dash-f@example.com', phone: null, at: '2026-01-04T23:30:00Z' },
    { email: 'dash-a@example.com', phone: null, at: '2026-01-05T08:00:00Z' },
    { email: 'dash-b@example.com', phone: null, at: '2026-01-06T09:00:00Z' },
    { email: 'dash-c@example.com', phone: null, at: '2026-01-07T10:00:00Z' },
    { email: 'dash-c@example.com', phone: null, at: '2026-01-07T15:00:00Z' },
    { email: 'dash-d@example.com', phone: null, at: '2026-01-09T12:00:00Z' },
    { email: null, phone: '+4915112345678', at: '2026-01-10T12:00:00Z' },
    { email: 'dash-e@example.com', phone: null, at: '2026-01-10T23:30:00Z' },
  ],
  failedLeads: ['2026-01-01T10:00:00Z', '2026-01-02T10:00:00Z', '2026-01-03T10:00:00Z', '2026-01-03T11:00:00Z', '2026-01-06T10:00:00Z', '2026-01-08T10:00:00Z'],
  /** `department` indexes `departments`; a queued send is not counted. */
  sends: [
    { department: 0, state: 'success', at: '2026-01-02T10:00:00Z' },
    { department: 0, state: 'success', at: '2026-01-02T11:00:00Z' },
    { department: 0, state: 'success', at: '2026-01-05T10:00:00Z' },
    { department: 0, state: 'success', at: '2026-01-07T10:00:00Z' },
    { department: 0, state: 'success', at: '2026-01-09T10:00:00Z' },
    { department: 0, state: 'failure', at: '2026-01-08T10:00:00Z' },
    { department: 1, state: 'success', at: '2026-01-10T10:00:00Z' },
    { department: 1, state: 'failure', at: '2026-01-06T10:00:00Z' },
    { department: 1, state: 'failure', at: '2026-01-11T10:00:00Z' },
    { department: 1, state: 'queued', at: '2026-01-09T10:00:00Z' },
  ],
  ftds: [
    { department: 0, at: '2026-01-03T14:00:00Z' },
    { department: 0, at: '2026-01-07T14:00:00Z' },
    { department: 0, at: '2026-01-09T14:00:00Z' },
    { department: 1, at: '2026-01-11T08:00:00Z' },
  ],
} as const;
