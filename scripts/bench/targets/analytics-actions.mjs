// Bench target: the page-load action every navigation records (product.md#pages, #calls analytics).
export const name = 'POST /api/analytics/actions';
export const requests = [
  {
    method: 'POST',
    path: '/api/analytics/actions',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'action_type_name=page-load&action_values[0][key]=path&action_values[0][value]=%2Fvideos&action_values[0][type]=S',
  },
];
