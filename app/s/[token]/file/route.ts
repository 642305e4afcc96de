import { sharedFile } from "@/lib/server/pages/share";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ token: string }> }) {
  return sharedFile(request, (await params).token);
}
