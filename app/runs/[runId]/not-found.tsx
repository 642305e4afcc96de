import { NotFoundNotice } from "@/components/layout/not-found-notice";

export default function RunNotFound() {
  return (
    <NotFoundNotice title="Run not found">
      This dashboard has no batch run with this id. The link may be mistyped or belong to another dashboard.
    </NotFoundNotice>
  );
}
