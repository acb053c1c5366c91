/** A confirmed delete: the server's message as a success toast, a refusal (409 …) as an error toast. */
import toast from 'react-hot-toast';
import { refusalMessageOf } from '../api/serverMessage.ts';

export async function deleteAndToast(run: () => Promise<{ message: string }>): Promise<void> {
  try {
    const response = await run();
    toast.success(response.message);
  } catch (error) {
    const message = refusalMessageOf(error);
    if (message) toast.error(message);
  }
}
