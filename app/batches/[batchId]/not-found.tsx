import { NotFoundNotice } from "@/components/layout/not-found-notice";

export default function BatchNotFound() {
  return (
    <NotFoundNotice title="Batch not found">
      This dashboard has no batch of variants with this id. The link may be mistyped, or belong to another
      dashboard.
    </NotFoundNotice>
  );
}
