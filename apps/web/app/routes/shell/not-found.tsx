import { data } from 'react-router';

/** Any path no route claims answers 404 and renders the error page (root ErrorBoundary; product.md#pages). */
export function loader() {
  throw data(null, { status: 404 });
}

export function action() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
