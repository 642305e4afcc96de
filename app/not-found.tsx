import { NotFoundNotice } from "@/components/layout/not-found-notice";

export default function NotFound() {
  return (
    <NotFoundNotice title="Not found">
      There is no render or page at this address. It may have been mistyped, or belong to another dashboard.
    </NotFoundNotice>
  );
}
