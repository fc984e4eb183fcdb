import Skeleton from '@mui/material/Skeleton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';

/** Placeholder rows while a table's first load runs. */
export function TableLoadingRows({ columns, testId, rows = 3 }: { columns: number; testId: string; rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, i) => (
        <TableRow key={i} data-testid={testId}>
          <TableCell colSpan={columns}>
            <Skeleton />
          </TableCell>
        </TableRow>
      ))}
    </>
  );
}
