/** How a booking's status reads in the admin screens. */
export const STATUS_TEXT = {
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
} as const;
