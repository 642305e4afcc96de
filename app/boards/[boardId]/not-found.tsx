import { NotFoundNotice } from "@/components/layout/not-found-notice";

export default function BoardNotFound() {
  return (
    <NotFoundNotice title="Board not found">
      This dashboard has no board with this id. It may have been deleted, or the link may be mistyped or
      belong to another dashboard.
    </NotFoundNotice>
  );
}
