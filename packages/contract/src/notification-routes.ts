/** The notification routes (method and path, without zod: the web app's client reads them). */
export const notificationRoutes = {
  notificationSettings: { method: 'GET', path: '/api/projects/:id/notifications/' },
  saveNotificationSettings: { method: 'POST', path: '/api/projects/:id/notifications/' },
  sendTestDigest: { method: 'POST', path: '/api/projects/:id/notifications/test-digest/' },
  resendEmailConfirmation: { method: 'POST', path: '/api/projects/:id/notifications/email-confirmation/' },
  confirmEmailPage: { method: 'GET', path: '/api/notifications/confirm-email/' },
  confirmEmail: { method: 'POST', path: '/api/notifications/confirm-email/' },
  unsubscribePage: { method: 'GET', path: '/api/notifications/unsubscribe/' },
  unsubscribe: { method: 'POST', path: '/api/notifications/unsubscribe/' },
} as const;
